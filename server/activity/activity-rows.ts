import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { AuditEntry, AuditFilters } from "@/lib/schemas/audit";
import { db } from "@/server/db/client";

type Tx = Prisma.TransactionClient;

/** The audit rows a set of filters keeps; dates are whole days in the raffle's timezone. */
export function activityConditions(filters: AuditFilters, timezone: string): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filters.action) conditions.push(Prisma.sql`a.action = ${filters.action}`);
  if (filters.actor) conditions.push(Prisma.sql`a.actor_email = ${filters.actor}`);
  if (filters.from)
    conditions.push(Prisma.sql`a.created_at >= (${filters.from}::date)::timestamp AT TIME ZONE ${timezone}`);
  if (filters.to)
    conditions.push(Prisma.sql`a.created_at < (${filters.to}::date + 1)::timestamp AT TIME ZONE ${timezone}`);
  return conditions;
}

export function whereClause(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

/** An audit row as the database answers it: the contract's entry (lib/schemas/audit.ts) before its time is written out.
 */
export type ActivityRow = Omit<AuditEntry, "created_at"> & { created_at: Date };

/**
 * One page of rows, newest first, each with a readable subject: the ticket's control number
 * (from the row's own snapshot, else the ticket as it is now), the user's email, or the range;
 * and the actor's display name as it is now.
 * The page is cut first, so the lookups cost 50 index probes at any table size.
 */
export function selectActivityRows(
  tx: Tx | ReturnType<typeof db>,
  options: { conditions: Prisma.Sql[]; limit: number; offset?: number; before?: { createdAt: Date; id: string } },
) {
  const conditions = options.before
    ? [
        ...options.conditions,
        Prisma.sql`(a.created_at, a.id) < (${options.before.createdAt}::timestamptz, ${options.before.id}::bigint)`,
      ]
    : options.conditions;
  return tx.$queryRaw<ActivityRow[]>`
    SELECT p.id::text AS id, p.created_at, p.actor_id::text AS actor_id, p.actor_email, actor.display_name AS
    actor_name, p.action, p.entity_type,
      p.entity_id, p.before, p.after,
      CASE p.entity_type
        WHEN 'ticket' THEN coalesce(p.after->>'control_number', p.before->>'control_number', t.control_number)
        WHEN 'user' THEN coalesce(p.after->>'email', p.before->>'email', u.email)
        WHEN 'ticket_range' THEN p.entity_id
      END AS subject
    FROM (
      SELECT a.* FROM audit_log a ${whereClause(conditions)}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${options.limit} OFFSET ${options.offset ?? 0}
    ) p
    LEFT JOIN tickets t ON p.entity_type = 'ticket' AND t.id = (CASE WHEN p.entity_id ~* '^[0-9a-f-]{36}$' THEN
    p.entity_id::uuid END)
    LEFT JOIN users u ON p.entity_type = 'user' AND u.id = (CASE WHEN p.entity_id ~* '^[0-9a-f-]{36}$' THEN
    p.entity_id::uuid END)
    LEFT JOIN users actor ON actor.id = p.actor_id
    ORDER BY p.created_at DESC, p.id DESC`;
}

export function serializeActivityRow(row: ActivityRow): AuditEntry {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    before: row.before ?? null,
    after: row.after ?? null,
  };
}
