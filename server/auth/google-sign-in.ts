import "server-only";
import { NOT_AUTHORIZED_MESSAGE } from "@/lib/constants";
import { authorizeSignIn } from "@/server/auth/authorize-sign-in";
import { invalidGoogleToken, verifyGoogleIdToken } from "@/server/auth/google-id-token";
import { markIdTokenUsed } from "@/server/auth/id-token-replay";
import { createSession } from "@/server/auth/sessions";
import { recordSignInFailure } from "@/server/auth/sign-in-failures";
import { AppError } from "@/server/http/errors";
import { getSettings } from "@/server/settings/get-settings";
import { toAuthUser } from "@/server/users/serialize-user";

/**
 * The mobile (and legacy web) sign-in: a verified Google ID token for an allow-listed,
 * enabled email buys an opaque bearer token. The email sent beside the token is ignored. An
 * unverified Google email is refused while the require_email_verification setting is on.
 */
export async function signInWithGoogleIdToken(options: {
  idToken: string;
  claimedEmail?: string | null;
  clientAddress?: string | null;
}) {
  const { requireEmailVerification } = await getSettings();
  const clientAddress = options.clientAddress ?? null;
  // A token that does not verify names no trustworthy e-mail: the one sent beside it is recorded.
  const refuse = async (error: unknown, email: string | null | undefined): Promise<never> => {
    if (error instanceof AppError && error.code === "invalid_google_token") {
      await recordSignInFailure({ email, reason: "bad_token", method: "google-id-token", clientAddress });
    }
    throw error;
  };
  const identity = await verifyGoogleIdToken(options.idToken, { requireEmailVerification }).catch((error: unknown) =>
    refuse(error, options.claimedEmail),
  );
  // One exchange per token: a copied or logged token is worthless, also after sign-out.
  if (!(await markIdTokenUsed({ idToken: options.idToken, expiresAt: identity.expiresAt }))) {
    await refuse(invalidGoogleToken("The Google ID token has already been used: sign in again"), identity.email);
  }
  const user = await authorizeSignIn({
    email: identity.email,
    displayName: identity.name,
    photoUrl: identity.picture,
    method: "google-id-token",
    clientAddress,
    googleSub: identity.sub || null,
  });
  if (!user)
    throw new AppError("not_authorized_email", NOT_AUTHORIZED_MESSAGE, { extra: { error: NOT_AUTHORIZED_MESSAGE } });
  const { token } = await createSession({ userId: user.id, kind: "bearer" });
  return { success: true as const, user: toAuthUser(user), token: token! };
}
