import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { readSessionIdFromCookies } from "@/server/auth/cookie-session";
import { resolveSession, type SessionUser } from "@/server/auth/sessions";

/**
 * The signed-in user for Server Components, layouts and server actions, re-read from the
 * database (a disabled, deleted or demoted user loses access at once), or null. Cached per
 * render, so a layout and its page share one lookup.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const sessionId = await readSessionIdFromCookies(await cookies());
  if (!sessionId) return null;
  const session = await resolveSession({ sessionId });
  return session?.kind === "cookie" ? session.user : null;
});
