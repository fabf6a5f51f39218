import "server-only";
import type { AccountSession } from "@/lib/schemas/session";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SessionRow {
  id: string;
  kind: "cookie" | "bearer";
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/**
 * GET /api/auth/sessions: the caller's live sessions (the same rule resolveSession applies: not
 * revoked, not past 12 hours, not idle past session_timeout), most recently used first. Only ever
 * the caller's own: nobody, administrators included, lists another user's sessions here.
 */
export async function listAccountSessions(options: { principal: Principal }): Promise<AccountSession[]> {
  const rows = await db().$queryRaw<SessionRow[]>`
    SELECT s.id::text, s.kind, s.created_at, s.last_seen_at, s.expires_at
      FROM auth_sessions s CROSS JOIN settings st
     WHERE s.user_id = ${options.principal.user.id}::uuid AND st.id = 1
       AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(mins => st.session_timeout)
     ORDER BY s.last_seen_at DESC, s.created_at DESC`;
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    current: r.id === options.principal.sessionId,
  }));
}

/**
 * DELETE /api/auth/sessions/{id}: ends one of the caller's own sessions, from its next request
 * on (a conditional UPDATE: ending it twice, or a session of someone else, answers 404 and
 * changes nothing). Ending the current one signs this caller out. Audited.
 */
export async function endAccountSession(options: { principal: Principal; id: string }): Promise<{ current: boolean }> {
  const { principal, id } = options;
  if (!UUID.test(id)) throw new AppError("not_found", "Session not found");
  return db().$transaction(async (tx) => {
    const [ended] = await tx.$queryRaw<SessionRow[]>`
      UPDATE auth_sessions SET revoked_at = now()
       WHERE id = ${id}::uuid AND user_id = ${principal.user.id}::uuid AND revoked_at IS NULL AND expires_at > now()
       RETURNING id::text, kind, created_at, last_seen_at, expires_at`;
    if (!ended) throw new AppError("not_found", "Session not found");
    const current = ended.id === principal.sessionId;
    await writeAudit(tx, {
      actor: { id: principal.user.id, email: principal.user.email },
      action: "auth.session_end",
      entityType: "session",
      entityId: ended.id,
      before: {
        kind: ended.kind,
        created_at: ended.created_at.toISOString(),
        last_seen_at: ended.last_seen_at.toISOString(),
      },
      after: { current },
    });
    return { current };
  });
}
