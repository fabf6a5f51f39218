import "server-only";
import { env } from "@/server/env";

/**
 * Whether the Auth.js cookies are `Secure` (and so carry the `__Secure-`/`__Host-` name
 * prefixes): always in production, unless AUTH_URL explicitly names a plain-http origin
 * (a LAN trial or an end-to-end run on loopback), where a Secure cookie could not work.
 */
export function isSecureCookies(): boolean {
  const e = env();
  if (e.AUTH_URL?.startsWith("http://")) return false;
  return e.NODE_ENV === "production";
}

/** The session cookie's name; Auth.js also uses it as the salt of the cookie's encryption. */
export function sessionCookieName(): string {
  return `${isSecureCookies() ? "__Secure-" : ""}authjs.session-token`;
}

/** The JWT and cookie lifetime; the session row enforces the idle timeout and this cap. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 12 * 60 * 60;
