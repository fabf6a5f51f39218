import "server-only";
import type { NextRequest } from "next/server";
import { readCookieSessionId } from "@/server/auth/cookie-session";
import { BEARER_TOKEN_PATTERN, resolveSession, type RequestSettings, type SessionUser } from "@/server/auth/sessions";
import { AppError } from "@/server/http/errors";

export interface Principal {
  user: SessionUser;
  via: "cookie" | "bearer";
  sessionId: string;
  /** api_rate_limit and enable_api_logging, read with the session (no extra round trip). */
  settings?: RequestSettings;
  /** raffle_state.status, read with the session (decision 220); absent when not read that way. */
  raffleStatus?: string | null;
}

/**
 * The one way to learn who is calling: `Authorization: Bearer <token>` (mobile app) or
 * the Auth.js session cookie (browser). A present but malformed Authorization header is
 * refused outright, never silently replaced by the cookie.
 */
export async function getPrincipal(req: Pick<NextRequest, "headers" | "cookies">): Promise<Principal | null> {
  const authorization = req.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer (\S+)$/.exec(authorization.trim());
    if (!match || !BEARER_TOKEN_PATTERN.test(match[1])) {
      throw new AppError("unauthorized", "Malformed Authorization header: expected 'Bearer <token>'");
    }
    const session = await resolveSession({ token: match[1] });
    if (!session || session.kind !== "bearer") throw new AppError("unauthorized", "Invalid or expired token");
    return {
      user: session.user,
      via: "bearer",
      sessionId: session.sessionId,
      settings: session.settings,
      raffleStatus: session.raffleStatus,
    };
  }
  const sessionId = await readCookieSessionId(req);
  if (!sessionId) return null;
  const session = await resolveSession({ sessionId });
  if (!session || session.kind !== "cookie") return null;
  return {
    user: session.user,
    via: "cookie",
    sessionId: session.sessionId,
    settings: session.settings,
    raffleStatus: session.raffleStatus,
  };
}
