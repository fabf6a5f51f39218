"use client";

import { ACCOUNT_MENU_TRIGGER_CLASS, AccountMenuFace } from "@/components/dashboard/account-menu-face";
import type { ShellUser } from "@/components/dashboard/dashboard-shell";
import { lazyDropdownMenu } from "@/components/ui/lazy-dropdown-menu";

const LazyAccountMenu = lazyDropdownMenu(() =>
  import("@/components/dashboard/account-menu-popup").then((m) => m.AccountMenuPopup),
);

/**
 * The shell's account menu button. The menu (Radix dropdown and its positioning, the theme switch,
 * Your Sessions' dialog) is not in any screen's first load: a pointer over the button or focus on
 * it starts fetching it, a press mounts it open in the button's place, and from then on it is the
 * Radix menu (its trigger, the same button, takes focus back on close). Decisions 176 and 179.
 */
export function AccountMenu({ user, signOut }: { user: ShellUser; signOut: () => Promise<void> }) {
  return (
    <LazyAccountMenu
      user={user}
      signOut={signOut}
      trigger={
        <button type="button" className={ACCOUNT_MENU_TRIGGER_CLASS}>
          <AccountMenuFace user={user} />
        </button>
      }
    />
  );
}
