import { NOT_AUTHORIZED_MESSAGE } from "@/lib/constants";

export const GOOGLE_FAILED_MESSAGE = "Google authentication failed. Please try again.";
export const AUTH_FAILED_MESSAGE = "Authentication failed. Please try again.";
export const DEV_LOGIN_CODE_MESSAGE =
  "That is not the sign-in code `npm run local` printed when it started. Check it and try again.";

// Auth.js error types that mean the round trip with Google itself went wrong.
const GOOGLE_ERRORS = new Set([
  "OAuthSignInError",
  "OAuthCallbackError",
  "OAuthSignin",
  "OAuthCallback",
  "OAuthProfileParseError",
  "OAuthAccountNotLinked",
  "InvalidCheck",
  "CallbackRouteError",
]);

/**
 * SPEC section 8 (Sign-in): the text the login screen shows for the `?error=` Auth.js puts on
 * /login. A refused email (AccessDenied; CredentialsSignin from the development sign-in, which
 * refuses only unlisted or disabled emails) gets the exact not-authorized message.
 */
export function signInErrorMessage(error: string | undefined | null): string | null {
  if (!error) return null;
  if (error === "DevLoginCode") return DEV_LOGIN_CODE_MESSAGE;
  if (error === "AccessDenied" || error === "CredentialsSignin") return NOT_AUTHORIZED_MESSAGE;
  if (GOOGLE_ERRORS.has(error)) return GOOGLE_FAILED_MESSAGE;
  return AUTH_FAILED_MESSAGE;
}
