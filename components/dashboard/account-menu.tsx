"use client";

import { useState, useTransition } from "react";
import { ChevronDown, KeyRound, LogOut } from "lucide-react";
import { AccountSessions } from "@/components/account/account-sessions";
import { ThemeMenuItem } from "@/components/dashboard/theme-menu-item";
import { UserAvatar } from "@/components/dashboard/user-avatar";
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

export function AccountMenu({ user, signOut }: { user: ShellUser; signOut: () => Promise<void> }) {
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
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className="flex items-center gap-2 rounded-full p-1 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:rounded-lg sm:pr-2"
        >
          {/* Named by its content, not aria-label: a name must contain the visible text (axe). */}
          <span className="sr-only">Account menu</span>
          <UserAvatar user={user} />
          <span className="hidden min-w-0 text-left sm:block">
            <span className="block max-w-40 truncate text-sm font-medium">{name}</span>
            <span className="block text-xs text-muted-foreground">{roleLabel}</span>
          </span>
          <ChevronDown className="hidden size-4 text-muted-foreground sm:block" />
          {/* Named by what it shows plus this (axe: a visible label must be part of the name). */}
          <span className="sr-only">Account menu</span>
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
            <DialogDescription>Where you are signed in. End a session you do not recognise or no longer use.</DialogDescription>
          </DialogHeader>
          {sessionsOpen && <AccountSessions />}
        </DialogContent>
      </Dialog>
    </>
  );
}
