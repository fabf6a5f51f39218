import "server-only";
import { NOT_AUTHORIZED_MESSAGE } from "@/lib/constants";
import { authorizeSignIn } from "@/server/auth/authorize-sign-in";
import { invalidGoogleToken, verifyGoogleIdToken } from "@/server/auth/google-id-token";
import { markIdTokenUsed } from "@/server/auth/id-token-replay";
import { createSession } from "@/server/auth/sessions";
import { AppError } from "@/server/http/errors";
import { getSettings } from "@/server/settings/get-settings";
import { toAuthUser } from "@/server/users/serialize-user";

/**
 * The mobile (and legacy web) sign-in: a verified Google ID token for an allow-listed,
 * enabled email buys an opaque bearer token. The email sent beside the token is ignored. An
 * unverified Google email is refused while the require_email_verification setting is on.
 */
export async function signInWithGoogleIdToken(options: { idToken: string }) {
  const { requireEmailVerification } = await getSettings();
  const identity = await verifyGoogleIdToken(options.idToken, { requireEmailVerification });
  // One exchange per token: a copied or logged token is worthless, also after sign-out.
  if (!(await markIdTokenUsed({ idToken: options.idToken, expiresAt: identity.expiresAt }))) {
    throw invalidGoogleToken("The Google ID token has already been used: sign in again");
  }
  const user = await authorizeSignIn({
    email: identity.email,
    displayName: identity.name,
    photoUrl: identity.picture,
    method: "google-id-token",
  });
  if (!user) throw new AppError("not_authorized_email", NOT_AUTHORIZED_MESSAGE, { extra: { error: NOT_AUTHORIZED_MESSAGE } });
  const { token } = await createSession({ userId: user.id, kind: "bearer" });
  return { success: true as const, user: toAuthUser(user), token: token! };
}
