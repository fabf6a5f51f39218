"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@/components/ui/sonner";

/**
 * The toasts that must survive a redirect (SPEC section 4): 'Signed in successfully' from the
 * `?signedIn=1` flag sign-in lands with, 'Signed out successfully' from the `?signedOut=1` flag
 * the account menu signs out to. Each is shown once, then the flag is removed. It lives in the
 * root layout, which stays mounted across client-side navigations, so it looks again on every
 * change of path.
 */
export function FlashToasts() {
  const pathname = usePathname();
  useEffect(() => {
    const url = new URL(window.location.href);
    const flags = [
      ["signedIn", "Signed in successfully"],
      ["signedOut", "Signed out successfully"],
    ] as const;
    let changed = false;
    for (const [flag, message] of flags) {
      if (url.searchParams.get(flag) !== "1") continue;
      toast.success(message, { id: flag });
      url.searchParams.delete(flag);
      changed = true;
    }
    if (changed) window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [pathname]);
  return null;
}
