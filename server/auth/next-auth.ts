import "server-only";
import NextAuth, { AuthError, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { headers } from "next/headers";
import { EMAIL_PATTERN, normalizeEmail } from "@/lib/schemas/user";
import { authorizeSignIn, findActiveUserByEmail } from "@/server/auth/authorize-sign-in";
import { SESSION_COOKIE_MAX_AGE_SECONDS, isSecureCookies, sessionCookieConfig } from "@/server/auth/cookie-config";
import { checkDevLoginCode } from "@/server/auth/dev-login-code";
import { isEmailVerifiedClaim } from "@/server/auth/google-id-token";
import { safeRedirectPath } from "@/server/auth/safe-redirect";
import { createSession, resolveSession, revokeSession } from "@/server/auth/sessions";
import { recordSignInFailure } from "@/server/auth/sign-in-failures";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { clientAddress } from "@/server/http/rate-limit";
import { getSettings } from "@/server/settings/get-settings";

/** The development sign-in (an allow-listed email, no Google) exists only when AUTH_DEV_LOGIN=true. */
export function isDevLoginEnabled(): boolean {
  return env().AUTH_DEV_LOGIN;
}

export function isGoogleConfigured(): boolean {
  const e = env();
  return Boolean(e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET);
}

function providers(): NextAuthConfig["providers"] {
  const e = env();
  const list: NextAuthConfig["providers"] = [];
  if (isGoogleConfigured()) {
    // OIDC discovery on AUTH_GOOGLE_ISSUER: Google itself in production, a local issuer in tests.
    list.push(Google({ clientId: e.AUTH_GOOGLE_ID, clientSecret: e.AUTH_GOOGLE_SECRET, issuer: e.AUTH_GOOGLE_ISSUER }));
  }
  if (isDevLoginEnabled()) {
    list.push(
      Credentials({
        id: "dev-login",
        name: "Development sign-in",
        credentials: { email: { label: "Email", type: "email" }, code: { label: "Sign-in code", type: "text" } },
        // Checks the sign-in code (when the local run set one) and shapes the email; the
        // allow-list check is the signIn callback's, as for Google, so an unlisted email gets the
        // same AccessDenied redirect.
        authorize: async (credentials) => {
          if (!checkDevLoginCode(credentials.code)) return null;
          const email = normalizeEmail(typeof credentials.email === "string" ? credentials.email : "");
          return EMAIL_PATTERN.test(email) ? { id: email, email } : null;
        },
      }),
    );
  }
  return list;
}

// What a visitor can cause (an unlisted email, a stale form): one warning line, not a stack.
/** The caller's address inside Auth.js's callbacks (they are given no request): null outside one. */
async function requestClientAddress(): Promise<string | null> {
  try {
    return clientAddress({ headers: await headers() });
  } catch {
    return null;
  }
}

const VISITOR_ERRORS = new Set([
  "AccessDenied",
  "CredentialsSignin",
  "MissingCSRF",
  "OAuthCallbackError",
  "Verification",
]);

const logger: NextAuthConfig["logger"] = {
  error(error) {
    if (error instanceof AuthError && VISITOR_ERRORS.has(error.type))
      console.warn(`[auth] request refused: ${error.type}`);
    else console.error("[auth]", error);
  },
  warn(code) {
    console.warn(`[auth] warning: ${code}`);
  },
};

function config(): NextAuthConfig {
  const e = env();
  return {
    secret: e.AUTH_SECRET,
    // Auth.js itself also trusts the host outside production or when AUTH_URL is set.
    trustHost: e.AUTH_TRUST_HOST || undefined,
    useSecureCookies: isSecureCookies(),
    cookies: { sessionToken: sessionCookieConfig() },
    session: { strategy: "jwt", maxAge: SESSION_COOKIE_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    logger,
    providers: providers(),
    callbacks: {
      /**
       * Where Auth.js sends the browser after sign-in or sign-out: only pages of this app, as a
       * relative path. Auth.js's default compares absolute origins, and behind `next start -H`
       * or a proxy the origin it derives for the callback request can differ from the one the
       * sign-in started on (127.0.0.1 vs localhost), which sent users to the bare origin.
       */
      async redirect({ url, baseUrl }) {
        return safeRedirectPath(url, [baseUrl, e.AUTH_URL]);
      },
      /**
       * The allow-list: false sends the browser to /login?error=AccessDenied. A Google account
       * whose email is not verified is refused while require_email_verification is on.
       */
      async signIn({ user, account, profile }) {
        if (!account) return false;
        let email: string | null | undefined;
        const address = await requestClientAddress();
        if (account.provider === "google") {
          if (!isEmailVerifiedClaim(profile?.email_verified) && (await getSettings()).requireEmailVerification) {
            await recordSignInFailure({
              email: profile?.email,
              reason: "not_allowed",
              method: "google",
              clientAddress: address,
            });
            return false;
          }
          email = profile?.email;
        } else if (account.provider === "dev-login" && isDevLoginEnabled()) {
          email = user.email;
        }
        if (!email) return false;
        const admitted = await authorizeSignIn({
          googleSub: account.provider === "google" && typeof profile?.sub === "string" ? profile.sub : null,
          email,
          displayName: typeof profile?.name === "string" ? profile.name : null,
          photoUrl: typeof profile?.picture === "string" ? profile.picture : null,
          method: account.provider === "google" ? "google" : "dev-login",
          clientAddress: address,
        }).catch((error: unknown) => {
          // Another Google account with this e-mail: refused like an unlisted one (recorded).
          if (error instanceof AppError && error.code === "google_account_mismatch") return null;
          throw error;
        });
        return admitted !== null;
      },
      /**
       * At sign-in: opens the session row and keeps only its id (`sid`) in the cookie.
       * Afterwards: the cookie is only as good as its row, so a revoked, idle or expired
       * session, or a disabled or deleted user, turns `auth()` to null and clears the cookie.
       */
      async jwt({ token, user, trigger }) {
        if (user && (trigger === "signIn" || trigger === "signUp")) {
          const dbUser = user.email ? await findActiveUserByEmail(user.email) : null;
          if (!dbUser) return null;
          const { sessionId } = await createSession({ userId: dbUser.id, kind: "cookie" });
          return {
            sub: dbUser.id,
            email: dbUser.email,
            name: dbUser.displayName,
            picture: dbUser.photoUrl,
            sid: sessionId,
          };
        }
        if (typeof token.sid !== "string") return null;
        const session = await resolveSession({ sessionId: token.sid });
        if (!session || session.kind !== "cookie") return null;
        return { ...token, email: session.user.email, name: session.user.displayName, picture: session.user.photoUrl };
      },
      /** What `auth()` and /api/auth/session show: the user, never the session id. */
      async session({ session, token }) {
        session.user = {
          ...session.user,
          id: token.sub ?? "",
          email: token.email ?? "",
          name: token.name ?? null,
          image: typeof token.picture === "string" ? token.picture : null,
        };
        return session;
      },
    },
    events: {
      async signOut(message) {
        const sid = "token" in message ? message.token?.sid : undefined;
        if (typeof sid === "string") await revokeSession(sid);
      },
    },
  };
}

// Lazy: the configuration is built per request from the validated environment, so a build
// without secrets works and tests can change the environment between suites.
export const { handlers, auth, signIn, signOut } = NextAuth(() => config());
