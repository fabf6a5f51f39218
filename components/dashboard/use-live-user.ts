"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";
import type { ShellUser } from "@/components/dashboard/dashboard-shell";
import { useOwnProfile } from "@/lib/queries/auth";

/**
 * The shell's user, kept current: the dashboard layout renders once per full load (a
 * client-side navigation re-renders only the page), so after an administrator demotes or
 * promotes someone their sidebar would keep the old entries. The profile is read again on
 * every change of page; the server's copy serves until then.
 */
export function useLiveUser(initial: ShellUser): ShellUser {
  const pathname = usePathname();
  const { data, refetch } = useOwnProfile({ readOnRequest: true });
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current && !data) return; // the server just rendered this page
    void refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  if (!data) return initial;
  const { user } = data;
  return { email: user.email, displayName: user.displayName, photoUrl: user.photoURL, isAdmin: user.is_admin };
}
