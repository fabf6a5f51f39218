import "server-only";
import { decode } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { sessionCookieName } from "@/server/auth/cookie-config";
import { env } from "@/server/env";

export interface CookieReader {
  get(name: string): { value: string } | undefined;
  getAll(): { name: string; value: string }[];
}

/** The cookie's value, reassembling the `.0`, `.1`, ... chunks Auth.js writes for large JWTs. */
function readChunkedCookie(cookies: CookieReader, name: string): string | null {
  const whole = cookies.get(name)?.value;
  if (whole) return whole;
  const chunks = cookies
    .getAll()
    .filter((c) => c.name.startsWith(`${name}.`) && /^\d+$/.test(c.name.slice(name.length + 1)))
    .sort((a, b) => Number(a.name.slice(name.length + 1)) - Number(b.name.slice(name.length + 1)));
  return chunks.length ? chunks.map((c) => c.value).join("") : null;
}

/**
 * The AuthSession id (`sid`) inside the Auth.js session cookie, or null when there is no
 * cookie or it does not decrypt with AUTH_SECRET. Whether that session is still alive is
 * resolveSession's business.
 */
export async function readSessionIdFromCookies(cookies: CookieReader): Promise<string | null> {
  const secret = env().AUTH_SECRET;
  if (!secret) return null;
  const name = sessionCookieName();
  const token = readChunkedCookie(cookies, name);
  if (!token) return null;
  try {
    const payload = await decode({ token, secret, salt: name });
    return typeof payload?.sid === "string" ? payload.sid : null;
  } catch {
    return null;
  }
}

export async function readCookieSessionId(req: Pick<NextRequest, "headers" | "cookies">): Promise<string | null> {
  return readSessionIdFromCookies(req.cookies);
}
