import { encode } from "next-auth/jwt";
import { sessionCookieName } from "@/server/auth/cookie-config";
import { createSession } from "@/server/auth/sessions";
import { createUser } from "@/tests/helpers/factories";
import { TEST_ORIGIN } from "@/tests/helpers/http";

/** A real Auth.js session cookie (encrypted JWT carrying `sid`) for a cookie session row. */
export async function sessionCookie(options: { sessionId: string; userId: string; email: string }) {
  const name = sessionCookieName();
  const value = await encode({
    token: { sub: options.userId, email: options.email, sid: options.sessionId },
    secret: process.env.AUTH_SECRET!,
    salt: name,
    maxAge: 12 * 60 * 60,
  });
  return `${name}=${value}`;
}

/** A user signed in through the browser: headers to send, with the app's Origin for writes. */
export async function createCookieUser(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const { sessionId } = await createSession({ userId: user.id, kind: "cookie" });
  const cookie = await sessionCookie({ sessionId, userId: user.id, email: user.email });
  return { user, sessionId, cookie, headers: { cookie, origin: TEST_ORIGIN } };
}
