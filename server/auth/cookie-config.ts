import "server-only";
import { env } from "@/server/env";

/**
 * Whether the Auth.js cookies are `Secure` (and so carry the `__Secure-`/`__Host-` name
 * prefixes): always in production, unless the server is told it is served over plain http:
 * AUTH_URL names a plain-http origin (an end-to-end run on loopback), or SERVED_OVER_HTTP is set
 * (`npm run local`, reached at whatever address of the machine), where a Secure cookie could not work.
 */
export function isSecureCookies(): boolean {
  const e = env();
  if (e.AUTH_URL?.startsWith("http://") || e.SERVED_OVER_HTTP) return false;
  return e.NODE_ENV === "production";
}

/**
 * The session cookie's name; Auth.js also uses it as the salt of the cookie's encryption. Over
 * https it carries the `__Host-` prefix (issue 25 item 12, ADR 070): browsers then accept it only
 * with Secure, Path=/ and no Domain, so no subdomain or plain-http page can set or shadow it.
 */
export function sessionCookieName(): string {
  return `${isSecureCookies() ? "__Host-" : ""}authjs.session-token`;
}

/** Auth.js's `cookies.sessionToken`: the name above, host-only (no Domain), Path=/. */
export function sessionCookieConfig() {
  return {
    name: sessionCookieName(),
    options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure: isSecureCookies() },
  };
}

/** The JWT and cookie lifetime; the session row enforces the idle timeout and this cap. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 12 * 60 * 60;
