import "server-only";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";

const GOOGLE_ISSUER = "https://accounts.google.com";
/** A token must be exchanged within minutes of being issued (the app signs in, then sends it). */
export const MAX_TOKEN_AGE_SECONDS = 5 * 60;
/** Google's ID tokens live one hour; a longer lifetime is not one of theirs. */
export const MAX_TOKEN_LIFETIME_SECONDS = 60 * 60;
/** Clock skew tolerated between Google, the phone and this server. */
export const CLOCK_SKEW_SECONDS = 30;
const INVALID_GOOGLE_TOKEN = "Invalid Google token";

export interface GoogleIdentity {
  email: string;
  name: string | null;
  picture: string | null;
  sub: string;
  /** When the token expires: it is remembered until then, so it cannot be exchanged twice. */
  expiresAt: Date;
}

type Jwks = ReturnType<typeof createRemoteJWKSet>;

// One discovery and one key set per issuer for the life of the process; jose refreshes the
// keys itself when a token names a key id it has not seen (Google rotates keys).
const jwksByIssuer = new Map<string, Promise<Jwks>>();

async function discoverJwks(issuer: string): Promise<Jwks> {
  const res = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`OIDC discovery for ${issuer} answered ${res.status}`);
  const doc = (await res.json()) as { jwks_uri?: unknown };
  if (typeof doc.jwks_uri !== "string") throw new Error(`OIDC discovery for ${issuer} has no jwks_uri`);
  return createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 5000 });
}

function jwksFor(issuer: string) {
  let jwks = jwksByIssuer.get(issuer);
  if (!jwks) {
    jwks = discoverJwks(issuer);
    // A failed discovery is not cached: the next sign-in tries again.
    jwks.catch(() => jwksByIssuer.delete(issuer));
    jwksByIssuer.set(issuer, jwks);
  }
  return jwks;
}

/** Tests that restart their issuer on a new port start from an empty cache. */
export function clearGoogleKeyCache() {
  jwksByIssuer.clear();
}

export function invalidGoogleToken(message: string, cause?: unknown) {
  return new AppError("invalid_google_token", message, { extra: { error: INVALID_GOOGLE_TOKEN }, cause });
}

function reasonFor(error: unknown): string {
  // maxTokenAge: jose reports a token issued too long ago as expired, naming the `iat` claim.
  if (error instanceof joseErrors.JWTExpired && error.claim === "iat")
    return "The Google ID token is too old: sign in again";
  if (error instanceof joseErrors.JWTExpired) return "The Google ID token has expired";
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === "iat" && /should be in the past/.test(error.message))
      return "The Google ID token is dated in the future";
    if (error.claim === "iat") return "The Google ID token has no valid issue time";
    if (error.claim === "aud") return "The Google ID token was issued for another application";
    if (error.claim === "iss") return "The Google ID token was issued by an unexpected issuer";
    return `The Google ID token's ${error.claim} claim is invalid`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
    return "The Google ID token's signature does not verify";
  }
  return "The Google ID token is malformed";
}

/** An ID token's or OIDC profile's `email_verified` claim says yes (Google sends a boolean; some issuers a string). */
export function isEmailVerifiedClaim(value: unknown): boolean {
  return value === true || value === "true";
}

/**
 * Verifies a Google ID token from the mobile app: signature against the issuer's published
 * keys (found by OIDC discovery on AUTH_GOOGLE_ISSUER), `iss`, `aud` (the web client id or a
 * mobile one), `exp`, and, when `requireEmailVerification` (the setting of that name), a
 * verified email. Any failure is a 401 `invalid_google_token`.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  options: { requireEmailVerification: boolean },
): Promise<GoogleIdentity> {
  const e = env();
  const issuer = e.AUTH_GOOGLE_ISSUER.replace(/\/$/, "");
  const audiences = [e.AUTH_GOOGLE_ID, ...e.GOOGLE_MOBILE_CLIENT_IDS].filter((v): v is string => Boolean(v));
  if (audiences.length === 0) throw invalidGoogleToken("Google sign-in is not configured on this server");
  // Google's tokens carry either form of its issuer; any other issuer must match exactly.
  const issuers = issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : [issuer];

  let jwks: Jwks;
  try {
    jwks = await jwksFor(issuer);
  } catch (error) {
    throw new AppError("unavailable", "Cannot reach Google to verify the sign-in; please try again", { cause: error });
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, {
      issuer: issuers,
      audience: audiences,
      algorithms: ["RS256"],
      clockTolerance: CLOCK_SKEW_SECONDS,
      // Also refuses an `iat` in the future beyond the skew, and a token without `iat`.
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ["iat", "exp"],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout) {
      throw new AppError("unavailable", "Cannot reach Google to verify the sign-in; please try again", {
        cause: error,
      });
    }
    throw invalidGoogleToken(reasonFor(error), error);
  }
  if (typeof payload.exp !== "number" || typeof payload.iat !== "number")
    throw invalidGoogleToken("The Google ID token has no expiry");
  if (payload.exp - payload.iat > MAX_TOKEN_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS)
    throw invalidGoogleToken("The Google ID token's lifetime is too long");
  // Several audiences: the authorized party must be one of ours (OpenID Connect Core 3.1.3.7).
  if (
    Array.isArray(payload.aud) &&
    payload.aud.length > 1 &&
    (typeof payload.azp !== "string" || !audiences.includes(payload.azp))
  ) {
    throw invalidGoogleToken("The Google ID token was issued for another application");
  }
  const email = typeof payload.email === "string" ? payload.email : "";
  if (!email) throw invalidGoogleToken("The Google ID token carries no email");
  if (options.requireEmailVerification && !isEmailVerifiedClaim(payload.email_verified)) {
    throw invalidGoogleToken("The Google account's email address is not verified");
  }
  return {
    email,
    sub: String(payload.sub ?? ""),
    name: typeof payload.name === "string" ? payload.name : null,
    picture: typeof payload.picture === "string" ? payload.picture : null,
    expiresAt: new Date(payload.exp * 1000),
  };
}
