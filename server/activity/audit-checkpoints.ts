import "server-only";
import { createHash } from "node:crypto";
import type { AuditCheckpoint } from "@/lib/schemas/audit";
import { sealAuditLog } from "@/server/activity/seal-audit-log";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { sql } from "@/server/db/client";
import { notFound } from "@/server/http/errors";

// Checkpoints of the audit log (issue 25 item 4, docs/decisions/062). The database refuses any
// change to the log; a checkpoint makes a removal that got past it anyway (a superuser, a
// restored backup) visible: the sum over the rows it covered no longer matches.

const BATCH = 5000;

/**
 * One line per row, the same on PostgreSQL and PGlite whatever the driver: a JSON array built
 * by the database (jsonb prints canonically), the time in UTC with milliseconds.
 */
const ROW_LINE = `json_build_array(id::text, actor_id, actor_email, action, entity_type, entity_id, before, after,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`;

/** SHA-256 and count of the rows with id <= upToId, read in id order a batch at a time. */
export async function digestAuditLog(upToId: bigint): Promise<{ count: number; sha256: string }> {
  const hash = createHash("sha256");
  let after = 0n;
  let count = 0;
  for (;;) {
    const rows = await sql<{ id: string; line: string }>(
      `SELECT id::text AS id, ${ROW_LINE} AS line FROM audit_log WHERE audit_log.id > ` +
        `$1 AND audit_log.id <= $2 ORDER BY audit_log.id LIMIT ${BATCH}`,
      [after.toString(), upToId.toString()],
    );
    for (const row of rows) hash.update(`${row.line}\n`);
    count += rows.length;
    if (rows.length < BATCH) break;
    after = BigInt(rows[rows.length - 1].id);
  }
  return { count, sha256: hash.digest("hex") };
}

interface CheckpointRow {
  id: string;
  up_to_id: string;
  count: string;
  sha256: string;
  created_at: Date | string;
}

const toCheckpoint = (row: CheckpointRow): AuditCheckpoint => ({
  id: Number(row.id),
  upToId: Number(row.up_to_id),
  count: Number(row.count),
  sha256: row.sha256,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Takes a checkpoint over every audit row committed so far (administrators). */
export async function createAuditCheckpoint(options: { principal: Principal }): Promise<AuditCheckpoint> {
  requireAdmin(options.principal);
  // The rows so far sealed into the hash chain first (docs/decisions/211): the checkpoint anchors them.
  await sealAuditLog();
  // Waits for transactions still writing audit rows, so nothing below upToId commits later.
  const [{ up_to }] = await sql<{ up_to: string }>(`SELECT audit_log_settled_max_id()::text AS up_to`);
  const upToId = BigInt(up_to);
  const { count, sha256 } = await digestAuditLog(upToId);
  const [row] = await sql<CheckpointRow>(
    `INSERT INTO audit_checkpoints (up_to_id, count, sha256, created_by_id, created_by_email)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::text, up_to_id::text, count::text, sha256, created_at`,
    [upToId.toString(), count, sha256, options.principal.user.id, options.principal.user.email],
  );
  return toCheckpoint(row);
}

/** Recomputes a checkpoint's sum now: ok when the covered rows are all there, unchanged. */
export async function verifyAuditCheckpoint(options: { principal: Principal; id: string }) {
  requireAdmin(options.principal);
  const [row] = await sql<CheckpointRow>(
    `SELECT id::text, up_to_id::text, count::text, sha256, created_at FROM audit_checkpoints WHERE id = $1`,
    [options.id],
  );
  if (!row) throw notFound("Checkpoint not found");
  const checkpoint = toCheckpoint(row);
  const now = await digestAuditLog(BigInt(row.up_to_id));
  // The purge of personal data masks buyers' data inside audit details (docs/decisions/147): a
  // checkpoint taken before it no longer matches the live log, and is checked against the archive
  // the purge required (its audit-log.jsonl holds the rows as they were). Said, not hidden.
  const [purge] = await sql<{ purged_at: Date | string | null }>(`SELECT purged_at FROM raffle_state WHERE id = 1`);
  const purgedAt = purge?.purged_at ? new Date(purge.purged_at) : null;
  const maskedByPurgeAt = purgedAt && purgedAt > new Date(checkpoint.createdAt) ? purgedAt.toISOString() : null;
  return {
    ok: now.count === checkpoint.count && now.sha256 === checkpoint.sha256,
    count: now.count,
    sha256: now.sha256,
    checkpoint,
    maskedByPurgeAt,
  };
}
