"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { checkDevLoginCode } from "@/server/auth/dev-login-code";
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
  const code = formData.get("code");
  // Checked here to say what was wrong (the provider checks it again for direct callers).
  if (!checkDevLoginCode(code)) redirect("/login?error=DevLoginCode");
  try {
    await signIn("dev-login", {
      email: typeof email === "string" ? email : "",
      code: typeof code === "string" ? code : "",
      redirectTo: AFTER_SIGN_IN,
    });
  } catch (error) {
    toLoginError(error);
  }
}
