import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db, sql } from "@/server/db/client";

/** Absolute lifetime of any session or bearer token, whatever its activity. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionKind = "cookie" | "bearer";

export interface SessionUser {
  id: string;
  email: string;
  displayName: string | null;
  photoUrl: string | null;
  isAdmin: boolean;
}

/** The settings every API request needs (rate limit, request log), read with the session. */
export interface RequestSettings {
  apiRateLimit: number;
  enableApiLogging: boolean;
}

export interface ResolvedSession {
  sessionId: string;
  kind: SessionKind;
  user: SessionUser;
  settings: RequestSettings;
  /**
   * raffle_state.status as this statement saw it (null before the row exists): a write route's
   * early refusal of a closed raffle reads it instead of a statement of its own (decision 220).
   * Only an early answer: the database's closed_raffle_guard decides inside the write's transaction.
   */
  raffleStatus: string | null;
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** Bearer tokens are 32 random bytes, base64url (43 characters). */
export const BEARER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function createSession(options: { userId: string; kind: SessionKind }) {
  const token = options.kind === "bearer" ? randomBytes(32).toString("base64url") : undefined;
  const session = await db().authSession.create({
    data: {
      userId: options.userId,
      kind: options.kind,
      tokenHash: token ? hashToken(token) : null,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_MS),
    },
  });
  return { sessionId: session.id, token };
}

interface SessionRow {
  id: string;
  kind: SessionKind;
  last_seen_at: Date;
  user_id: string;
  email: string;
  display_name: string | null;
  photo_url: string | null;
  is_admin: boolean;
  api_rate_limit: number;
  enable_api_logging: boolean;
  raffle_status: string | null;
}

const SESSION_SQL = (column: "id" | "token_hash") => `
  SELECT s.id, s.kind, s.last_seen_at, u.id AS user_id, u.email, u.display_name, u.photo_url, u.is_admin,
         st.api_rate_limit, st.enable_api_logging,
         (SELECT rs.status FROM raffle_state rs WHERE rs.id = 1) AS raffle_status
    FROM auth_sessions s
    JOIN users u ON u.id = s.user_id
   CROSS JOIN settings st
   WHERE s.${column} = ${column === "id" ? "$1::uuid" : "$1"}
     AND st.id = 1
     AND s.revoked_at IS NULL
     AND s.expires_at > now()
     AND s.last_seen_at > now() - make_interval(mins => st.session_timeout)
     AND NOT u.is_disabled
   LIMIT 1`;
const BY_ID = SESSION_SQL("id");
const BY_TOKEN = SESSION_SQL("token_hash");

/**
 * Finds a live session and re-reads its user in one query: revoked, expired (12 h),
 * idle past the session_timeout setting, or belonging to a disabled or deleted user all
 * resolve to null, so a change to a user takes effect on their very next request. Nothing is
 * cached: every request runs this one indexed read (straight to the driver, not through
 * Prisma: it runs on every API request). The same row carries the request's settings.
 *
 * last_seen_at is written at most once a minute (TOUCH_INTERVAL_MS), so most requests only
 * read: the idle limit is in whole minutes, so a session looks at most one minute less idle
 * than it is, never more.
 */
export async function resolveSession(by: { sessionId: string } | { token: string }): Promise<ResolvedSession | null> {
  if ("sessionId" in by && !/^[0-9a-f-]{36}$/i.test(by.sessionId)) return null;
  // Named statements: each pooled connection parses and plans them once (decision 220).
  const rows =
    "sessionId" in by
      ? await sql<SessionRow>(BY_ID, [by.sessionId], "session_by_id")
      : await sql<SessionRow>(BY_TOKEN, [hashToken(by.token)], "session_by_token");
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    // Conditional, so concurrent requests of one session write the row once.
    await sql(
      `UPDATE auth_sessions SET last_seen_at = now() WHERE id = ` +
        `$1::uuid AND last_seen_at < now() - interval '1 minute'`,
      [row.id],
    );
  }
  return {
    sessionId: row.id,
    kind: row.kind,
    user: {
      id: row.user_id,
      email: row.email,
      displayName: row.display_name,
      photoUrl: row.photo_url,
      isAdmin: row.is_admin,
    },
    settings: { apiRateLimit: row.api_rate_limit, enableApiLogging: row.enable_api_logging },
    raffleStatus: row.raffle_status,
  };
}

export async function revokeSession(sessionId: string) {
  await db().authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}
