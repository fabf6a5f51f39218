import "server-only";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";

/**
 * GET /api/audit/filters: every action and every actor the log holds, for the filter lists.
 * Each distinct value is found by skipping through its index (a recursive query), so the cost
 * follows the number of values, not of rows.
 */
export async function listActivityFilterOptions(options: { principal: Principal }) {
  requireAdmin(options.principal);
  const [actions, actors] = await Promise.all([
    db().$queryRaw<{ value: string }[]>`
      WITH RECURSIVE v AS (
        (SELECT action AS value FROM audit_log ORDER BY action LIMIT 1)
        UNION ALL
        SELECT (SELECT action FROM audit_log WHERE action > v.value ORDER BY action LIMIT 1) FROM v WHERE v.value IS NOT
      NULL
      ) SELECT value FROM v WHERE value IS NOT NULL`,
    db().$queryRaw<{ value: string }[]>`
      WITH RECURSIVE v AS (
        (SELECT actor_email AS value FROM audit_log WHERE actor_email IS NOT NULL ORDER BY actor_email LIMIT 1)
        UNION ALL
        SELECT (SELECT actor_email FROM audit_log WHERE actor_email > v.value ORDER BY actor_email LIMIT 1) FROM v WHERE
      v.value IS NOT NULL
      ) SELECT value FROM v WHERE value IS NOT NULL`,
  ]);
  return { actions: actions.map((r) => r.value), actors: actors.map((r) => r.value) };
}
