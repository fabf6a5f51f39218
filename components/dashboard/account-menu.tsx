"use client";

import { lazy, Suspense, useState } from "react";
import { ACCOUNT_MENU_TRIGGER_CLASS, AccountMenuFace } from "@/components/dashboard/account-menu-face";
import type { ShellUser } from "@/components/dashboard/dashboard-shell";

const loadPopup = () => import("@/components/dashboard/account-menu-popup");
const AccountMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.AccountMenuPopup })));

/**
 * The shell's account menu button. The menu (Radix dropdown and its positioning, the theme switch,
 * Your Sessions' dialog) is not in any screen's first load: a pointer over the button or focus on
 * it starts fetching it, a press mounts it open in the button's place, and from then on it is the
 * Radix menu (its trigger takes focus back on close). Decision 176.
 */
export function AccountMenu({ user, signOut }: { user: ShellUser; signOut: () => Promise<void> }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <PlainTrigger user={user} onOpen={() => setWanted(true)} />;
  return (
    // The same button, busy, while the code arrives (usually already fetched on hover or focus).
    <Suspense fallback={<PlainTrigger user={user} busy />}>
      <AccountMenuPopup user={user} signOut={signOut} />
    </Suspense>
  );
}

function PlainTrigger({ user, onOpen, busy }: { user: ShellUser; onOpen?: () => void; busy?: boolean }) {
  return (
    <button
      type="button"
      className={ACCOUNT_MENU_TRIGGER_CLASS}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={onOpen}
      // Radix's own trigger also opens on ArrowDown.
      onKeyDown={(event) => {
        if (event.key === "ArrowDown") {
          event.preventDefault();
          onOpen?.();
        }
      }}
    >
      <AccountMenuFace user={user} />
    </button>
  );
}
