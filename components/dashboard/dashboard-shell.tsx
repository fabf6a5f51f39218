"use client";

import { useEffect, useState } from "react";
import { Menu } from "lucide-react";
import { AccountMenu } from "@/components/dashboard/account-menu";
import { Sidebar } from "@/components/dashboard/sidebar";
import { useLiveUser } from "@/components/dashboard/use-live-user";
import { TicketFilesExtensions } from "@/components/tickets/ticket-files-extensions";
import { Button } from "@/components/ui/button";
import { RAFFLE_TITLE } from "@/lib/constants";

export interface ShellUser {
  email: string;
  displayName: string | null;
  photoUrl: string | null;
  isAdmin: boolean;
}

export function DashboardShell({
  user: serverUser,
  siteName = RAFFLE_TITLE,
  signOut,
  children,
}: {
  user: ShellUser;
  /** The Site Name setting (the default title when empty). */
  siteName?: string;
  signOut: () => Promise<void>;
  children: React.ReactNode;
}) {
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const user = useLiveUser(serverUser);

  useEffect(() => {
    if (!isDrawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsDrawerOpen(false);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isDrawerOpen]);

  return (
    <div className="flex min-h-screen bg-muted/40">
      <Sidebar
        siteName={siteName}
        isAdmin={user.isAdmin}
        isOpen={isDrawerOpen}
        onClose={() => setIsDrawerOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          className={
            "sticky top-0 z-30 grid h-16 grid-cols-[1fr_auto_1fr] items-center " +
            "gap-2 border-b bg-background/90 px-3 backdrop-blur sm:px-6"
          }
        >
          <div className="flex items-center">
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label="Open menu"
              aria-controls="app-sidebar"
              aria-expanded={isDrawerOpen}
              onClick={() => setIsDrawerOpen(true)}
            >
              <Menu className="size-5" />
            </Button>
          </div>
          <p data-testid="header-title" className="truncate text-center text-sm font-semibold sm:text-lg">
            {siteName}
          </p>
          <div className="flex items-center justify-end">
            <AccountMenu user={user} signOut={signOut} />
          </div>
        </header>
        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <TicketFilesExtensions isAdmin={user.isAdmin}>{children}</TicketFilesExtensions>
        </main>
      </div>
    </div>
  );
}
