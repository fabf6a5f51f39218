"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { SIGNED_OUT_FLASH_COOKIE } from "@/components/auth/flash";
import { toast } from "@/components/ui/sonner";

/**
 * The toasts that must survive a redirect (SPEC section 4): 'Signed in successfully' from the
 * `?signedIn=1` flag sign-in lands with, 'Signed out successfully' from a short-lived cookie
 * the sign-out action sets. Each is shown once, then the flag is removed. It lives in the root
 * layout, which stays mounted across client-side navigations (the sign-out action's redirect is
 * one), so it looks again on every change of path.
 */
export function FlashToasts() {
  const pathname = usePathname();
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get("signedIn") === "1") {
      toast.success("Signed in successfully", { id: "signed-in" });
      url.searchParams.delete("signedIn");
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    }
    if (document.cookie.split("; ").includes(`${SIGNED_OUT_FLASH_COOKIE}=signed-out`)) {
      toast.success("Signed out successfully", { id: "signed-out" });
      document.cookie = `${SIGNED_OUT_FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    }
  }, [pathname]);
  return null;
}
