import "server-only";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { sql } from "@/server/db/client";

/** Totals from ticket_counters (kept by triggers), so they cost the same at any table size. */
export async function getTicketCounts() {
  // Straight to the driver: an admin's dashboard polls it, and Prisma cost more than the query.
  const [row] = await sql<{ total: number; registered: number; revenue: string }>(
    `SELECT coalesce(sum(total), 0)::int AS total, coalesce(sum(registered), 0)::int AS registered,
            coalesce(sum(revenue), 0)::text AS revenue
       FROM ticket_counters`,
    [],
    "ticket_counts",
  );
  return {
    total: row.total,
    registered: row.registered,
    unregistered: row.total - row.registered,
    revenue: Number(row.revenue),
  };
}

/** GET /api/tickets/stats and /api/tickets/count: the totals, for administrators. */
export async function getTicketStats(options: { principal: Principal }) {
  requireAdmin(options.principal);
  return getTicketCounts();
}
