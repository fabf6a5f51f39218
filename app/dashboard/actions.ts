"use server";

import { cookies } from "next/headers";
import { SIGNED_OUT_FLASH_COOKIE } from "@/components/auth/flash";
import { signOutCurrentSession } from "@/server/auth/sign-out";

/** 'Sign Out': revokes the session; the caller then loads /login, which toasts 'Signed out successfully'. */
export async function signOutAction() {
  (await cookies()).set(SIGNED_OUT_FLASH_COOKIE, "signed-out", { path: "/", maxAge: 60, sameSite: "lax", httpOnly: false });
  await signOutCurrentSession();
}
