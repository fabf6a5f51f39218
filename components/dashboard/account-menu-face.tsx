import { ChevronDown } from "lucide-react";
import { UserAvatar } from "@/components/dashboard/user-avatar";
import { ROLE_LABELS } from "@/lib/constants";
import type { ShellUser } from "@/components/dashboard/dashboard-shell";

/** The account menu button's look, the same before and after the menu's code has loaded. */
export const ACCOUNT_MENU_TRIGGER_CLASS =
  "flex items-center gap-2 rounded-full p-1 outline-none hover:bg-accent " +
  "focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:rounded-lg sm:pr-2";

/** What the account menu button shows: avatar, then name and role from the sm breakpoint. */
export function AccountMenuFace({ user }: { user: ShellUser }) {
  const name = user.displayName?.trim() || user.email;
  return (
    <>
      {/* Named by its content, not aria-label: a name must contain the visible text (axe). */}
      <span className="sr-only">Account menu</span>
      <UserAvatar user={user} />
      <span className="hidden min-w-0 text-left sm:block">
        <span className="block max-w-40 truncate text-sm font-medium">{name}</span>
        <span className="block text-xs text-muted-foreground">
          {user.isAdmin ? ROLE_LABELS.admin : ROLE_LABELS.user}
        </span>
      </span>
      <ChevronDown className="hidden size-4 text-muted-foreground sm:block" />
      {/* Named by what it shows plus this (axe: a visible label must be part of the name). */}
      <span className="sr-only">Account menu</span>
    </>
  );
}
