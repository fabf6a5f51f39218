"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { isDevLoginEnabled, signIn } from "@/server/auth/next-auth";

/** Where a successful sign-in lands; the flag makes the dashboard toast 'Signed in successfully'. */
const AFTER_SIGN_IN = "/dashboard/overview?signedIn=1";

/** Auth.js throws its errors from server actions; the login screen shows them from `?error=`. */
function toLoginError(error: unknown): never {
  if (error instanceof AuthError) redirect(`/login?error=${encodeURIComponent(error.type)}`);
  throw error;
}

export async function signInWithGoogle() {
  try {
    await signIn("google", { redirectTo: AFTER_SIGN_IN });
  } catch (error) {
    toLoginError(error);
  }
}

export async function signInWithDevLogin(formData: FormData) {
  if (!isDevLoginEnabled()) redirect("/login");
  const email = formData.get("email");
  try {
    await signIn("dev-login", { email: typeof email === "string" ? email : "", redirectTo: AFTER_SIGN_IN });
  } catch (error) {
    toLoginError(error);
  }
}
