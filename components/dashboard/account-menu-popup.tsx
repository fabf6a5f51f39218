"use client";

import { useState, useTransition } from "react";
import { KeyRound, LogOut } from "lucide-react";
import { AccountSessions } from "@/components/account/account-sessions";
import { ThemeMenuItem } from "@/components/dashboard/theme-menu-item";
import { ACCOUNT_MENU_TRIGGER_CLASS, AccountMenuFace } from "@/components/dashboard/account-menu-face";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { ROLE_LABELS } from "@/lib/constants";
import type { ShellUser } from "@/components/dashboard/dashboard-shell";

/**
 * The account menu itself (Radix dropdown, the theme switch, Your Sessions, Sign Out). It loads on
 * the first press of the shell's trigger (account-menu.tsx) and mounts open, so its code is not part
 * of any screen's first load (decision 176).
 */
export function AccountMenuPopup({ user, signOut }: { user: ShellUser; signOut: () => Promise<void> }) {
  const [isSigningOut, startSignOut] = useTransition();
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const name = user.displayName?.trim() || user.email;
  const roleLabel = user.isAdmin ? ROLE_LABELS.admin : ROLE_LABELS.user;

  function handleSignOut() {
    startSignOut(async () => {
      try {
        await signOut();
      } catch {
        toast.error("Sign out failed", { id: "sign-out-failed" });
        return;
      }
      // A full load: no query cache or screen state of the signed-out user survives.
      window.location.assign("/login?signedOut=1");
    });
  }

  return (
    // Not modal: a modal menu aria-hides the rest of the page while its focusable elements stay
    // focusable (axe aria-hidden-focus, issue 26). Focus still moves into the menu; Escape closes it.
    <>
      <DropdownMenu modal={false} defaultOpen>
        <DropdownMenuTrigger className={ACCOUNT_MENU_TRIGGER_CLASS}>
          <AccountMenuFace user={user} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel>My Account</DropdownMenuLabel>
          <div className="px-2 pb-2">
            <p className="truncate text-sm font-medium">{name}</p>
            {user.displayName?.trim() && <p className="truncate text-xs text-muted-foreground">{user.email}</p>}
            <p className="mt-1 text-xs font-medium text-primary">{roleLabel}</p>
          </div>
          <DropdownMenuSeparator />
          <ThemeMenuItem />
          <DropdownMenuItem onSelect={() => setSessionsOpen(true)}>
            <KeyRound />
            Your Sessions
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            disabled={isSigningOut}
            onSelect={(event) => {
              event.preventDefault();
              handleSignOut();
            }}
          >
            {isSigningOut ? <Spinner /> : <LogOut />}
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={sessionsOpen} onOpenChange={setSessionsOpen}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Your Sessions</DialogTitle>
            <DialogDescription>
              Where you are signed in. End a session you do not recognise or no longer use.
            </DialogDescription>
          </DialogHeader>
          {sessionsOpen && <AccountSessions />}
        </DialogContent>
      </Dialog>
    </>
  );
}
