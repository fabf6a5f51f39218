import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/server/db/client";

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

export interface ResolvedSession {
  sessionId: string;
  kind: SessionKind;
  user: SessionUser;
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
}

/**
 * Finds a live session and re-reads its user in one query: revoked, expired (12 h),
 * idle past the session_timeout setting, or belonging to a disabled or deleted user all
 * resolve to null, so a change to a user takes effect on their very next request.
 */
export async function resolveSession(by: { sessionId: string } | { token: string }): Promise<ResolvedSession | null> {
  const column = "sessionId" in by ? "id" : "token_hash";
  const value = "sessionId" in by ? by.sessionId : hashToken(by.token);
  if ("sessionId" in by && !/^[0-9a-f-]{36}$/i.test(by.sessionId)) return null;
  const rows = await db().$queryRawUnsafe<SessionRow[]>(
    `SELECT s.id, s.kind, s.last_seen_at, u.id AS user_id, u.email, u.display_name, u.photo_url, u.is_admin
       FROM auth_sessions s
       JOIN users u ON u.id = s.user_id
       CROSS JOIN settings st
      WHERE s.${column} = ${column === "id" ? "$1::uuid" : "$1"}
        AND s.revoked_at IS NULL
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => st.session_timeout)
        AND NOT u.is_disabled
      LIMIT 1`,
    value,
  );
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db().authSession.update({ where: { id: row.id }, data: { lastSeenAt: new Date() } });
  }
  return {
    sessionId: row.id,
    kind: row.kind,
    user: { id: row.user_id, email: row.email, displayName: row.display_name, photoUrl: row.photo_url, isAdmin: row.is_admin },
  };
}

export async function revokeSession(sessionId: string) {
  await db().authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}
