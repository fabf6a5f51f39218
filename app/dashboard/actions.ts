"use server";

import { signOutCurrentSession } from "@/server/auth/sign-out";

/**
 * 'Sign Out': revokes the session. The account menu then loads /login?signedOut=1, which toasts
 * 'Signed out successfully' (a URL flag, not a cookie: the refresh Next makes after an action
 * that changes cookies can reach /login first, and the full load after it must still toast).
 */
export async function signOutAction() {
  await signOutCurrentSession();
}
