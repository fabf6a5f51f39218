import "server-only";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";

const GOOGLE_ISSUER = "https://accounts.google.com";
const INVALID_GOOGLE_TOKEN = "Invalid Google token";

export interface GoogleIdentity {
  email: string;
  name: string | null;
  picture: string | null;
  sub: string;
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

function invalid(message: string, cause?: unknown) {
  return new AppError("invalid_google_token", message, { extra: { error: INVALID_GOOGLE_TOKEN }, cause });
}

function reasonFor(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return "The Google ID token has expired";
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
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
export async function verifyGoogleIdToken(idToken: string, options: { requireEmailVerification: boolean }): Promise<GoogleIdentity> {
  const e = env();
  const issuer = e.AUTH_GOOGLE_ISSUER.replace(/\/$/, "");
  const audiences = [e.AUTH_GOOGLE_ID, ...e.GOOGLE_MOBILE_CLIENT_IDS].filter((v): v is string => Boolean(v));
  if (audiences.length === 0) throw invalid("Google sign-in is not configured on this server");
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
    ({ payload } = await jwtVerify(idToken, jwks, { issuer: issuers, audience: audiences, algorithms: ["RS256"], clockTolerance: 5 }));
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout) {
      throw new AppError("unavailable", "Cannot reach Google to verify the sign-in; please try again", { cause: error });
    }
    throw invalid(reasonFor(error), error);
  }
  if (typeof payload.exp !== "number") throw invalid("The Google ID token has no expiry");
  const email = typeof payload.email === "string" ? payload.email : "";
  if (!email) throw invalid("The Google ID token carries no email");
  if (options.requireEmailVerification && !isEmailVerifiedClaim(payload.email_verified)) {
    throw invalid("The Google account's email address is not verified");
  }
  return {
    email,
    sub: String(payload.sub ?? ""),
    name: typeof payload.name === "string" ? payload.name : null,
    picture: typeof payload.picture === "string" ? payload.picture : null,
  };
}
