import "server-only";
import type { UserProgress, UserProgressRow } from "@/lib/api/dashboard";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";

interface CreatorRow {
  creator: string;
  tickets: number;
  registered: number;
  revenue: number;
  latest: Date | null;
}

/** Tickets without a recorded creator (none are made by this app) are grouped under this label. */
export const UNKNOWN_CREATOR = "Unknown";

/**
 * Per creator from the trigger-kept ticket_creator_stats (summed over its slots); each creator's
 * latest ticket is the first entry of the (creator_email, created_at DESC) index.
 */
async function readCreators(): Promise<CreatorRow[]> {
  return db().$queryRaw<CreatorRow[]>`
    SELECT c.creator, c.tickets, c.registered, c.revenue,
           CASE WHEN c.creator = ''
             THEN (SELECT max(t.created_at) FROM tickets AS t WHERE t.creator_email IS NULL)
             ELSE (SELECT max(t.created_at) FROM tickets AS t WHERE t.creator_email = c.creator)
           END AS latest
    FROM (
      SELECT creator, sum(tickets)::int AS tickets, sum(registered)::int AS registered, sum(revenue)::float8 AS revenue
      FROM ticket_creator_stats GROUP BY creator HAVING sum(tickets) > 0
    ) AS c`;
}

const rate = (registered: number, total: number) => (total > 0 ? Math.round((registered / total) * 1000) / 10 : 0);

/** GET /api/dashboard/admin/user-progress: one row per staff member who created tickets, largest sales first (administrators). */
export async function getUserProgress(options: { principal: Principal }): Promise<UserProgress> {
  requireAdmin(options.principal);
  const creators = await readCreators();
  const userProgress: UserProgressRow[] = creators
    .map((c) => ({
      userEmail: c.creator || UNKNOWN_CREATOR,
      totalTickets: c.tickets,
      registeredTickets: c.registered,
      registrationRate: rate(c.registered, c.tickets),
      totalSales: c.revenue,
      latestTicketDate: c.latest ? c.latest.toISOString() : null,
    }))
    .sort((a, b) => b.totalSales - a.totalSales || b.totalTickets - a.totalTickets || a.userEmail.localeCompare(b.userEmail));
  const sum = (pick: (row: UserProgressRow) => number) => userProgress.reduce((total, row) => total + pick(row), 0);
  return {
    success: true,
    overview: {
      totalRevenue: Math.round(sum((r) => r.totalSales) * 100) / 100,
      totalTicketsGenerated: sum((r) => r.totalTickets),
      totalRegistered: sum((r) => r.registeredTickets),
      activeUsers: creators.filter((c) => c.creator !== "").length,
    },
    userProgress,
  };
}
