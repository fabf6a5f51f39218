import "server-only";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";

/** Every taken ticket number, compactly: inclusive [from, to] runs (gaps and islands in SQL). */
export async function listUsedDigits(options: { principal: Principal }) {
  requireAdmin(options.principal);
  const rows = await db().$queryRaw<{ start: number; end: number }[]>`
    SELECT min(n)::int AS start, max(n)::int AS "end"
    FROM (SELECT ticket_number AS n, ticket_number - row_number() OVER (ORDER BY ticket_number) AS island FROM tickets)
    s
    GROUP BY island ORDER BY 1`;
  return {
    count: rows.reduce((sum, r) => sum + r.end - r.start + 1, 0),
    ranges: rows.map((r) => [r.start, r.end] as [number, number]),
  };
}
