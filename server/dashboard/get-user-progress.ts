import "server-only";
import type { UserProgress, UserProgressRow } from "@/lib/api/dashboard";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";

interface ProgressRow {
  email: string;
  tickets: number;
  registered: number;
  revenue: string;
  sold: number;
  sold_amount: string;
  cash_amount: string;
  latest: Date | null;
}

/** Tickets without a recorded creator or seller (none are made by this app) are grouped under this label. */
export const UNKNOWN_CREATOR = "Unknown";

/**
 * One row per staff member who created tickets or sold any, from the trigger-kept rollups: per
 * creator (ticket_creator_stats: generated, registered, sold revenue) and per seller
 * (ticket_seller_stats: sold, their amount, the cash part), joined by e-mail. Each creator's latest
 * ticket is the first entry of the (creator_email, created_at DESC) index. Definitions:
 * docs/figures.md.
 */
async function readProgress(): Promise<ProgressRow[]> {
  return db().$queryRaw<ProgressRow[]>`
    WITH creators AS (
      SELECT creator AS email, sum(tickets)::int AS tickets, sum(registered)::int AS registered, sum(revenue) AS revenue
      FROM ticket_creator_stats GROUP BY creator HAVING sum(tickets) > 0
    ), sellers AS (
      SELECT coalesce(u.email, '') AS email, sum(s.sold)::int AS sold, sum(s.amount) AS amount, sum(s.cash_amount) AS cash
      FROM ticket_seller_stats s LEFT JOIN users u ON u.id::text = s.seller
      GROUP BY 1 HAVING sum(s.sold) <> 0 OR sum(s.amount) <> 0
    )
    SELECT coalesce(c.email, s.email) AS email, coalesce(c.tickets, 0) AS tickets, coalesce(c.registered, 0) AS registered,
           coalesce(c.revenue, 0)::text AS revenue, coalesce(s.sold, 0) AS sold, coalesce(s.amount, 0)::text AS sold_amount,
           coalesce(s.cash, 0)::text AS cash_amount,
           CASE WHEN c.email IS NULL THEN NULL
                WHEN c.email = '' THEN (SELECT max(t.created_at) FROM tickets AS t WHERE t.creator_email IS NULL)
                ELSE (SELECT max(t.created_at) FROM tickets AS t WHERE t.creator_email = c.email)
           END AS latest
    FROM creators c FULL JOIN sellers s ON s.email = c.email`;
}

const rate = (registered: number, total: number) => (total > 0 ? Math.round((registered / total) * 1000) / 10 : 0);
/** Pesos from a numeric(14,2) string: exact to the centavo, as a JSON number like totalSales. */
const pesos = (value: string) => Number(value);

/** GET /api/dashboard/admin/user-progress: one row per staff member who created or sold tickets, largest sales first (administrators). */
export async function getUserProgress(options: { principal: Principal }): Promise<UserProgress> {
  requireAdmin(options.principal);
  const rows = await readProgress();
  const userProgress: UserProgressRow[] = rows
    .map((r) => ({
      userEmail: r.email || UNKNOWN_CREATOR,
      totalTickets: r.tickets,
      registeredTickets: r.registered,
      registrationRate: rate(r.registered, r.tickets),
      totalSales: pesos(r.revenue),
      latestTicketDate: r.latest ? r.latest.toISOString() : null,
      soldTickets: r.sold,
      soldAmount: pesos(r.sold_amount),
      cashCollected: pesos(r.cash_amount),
    }))
    .sort((a, b) => b.totalSales - a.totalSales || b.soldAmount - a.soldAmount || b.totalTickets - a.totalTickets || a.userEmail.localeCompare(b.userEmail));
  // Sums in centavos: adding pesos as floats could drift by a centavo.
  const centavos = (pick: (row: UserProgressRow) => number) => userProgress.reduce((total, row) => total + Math.round(pick(row) * 100), 0);
  const count = (pick: (row: UserProgressRow) => number) => userProgress.reduce((total, row) => total + pick(row), 0);
  return {
    success: true,
    overview: {
      totalRevenue: centavos((r) => r.totalSales) / 100,
      totalTicketsGenerated: count((r) => r.totalTickets),
      totalRegistered: count((r) => r.registeredTickets),
      activeUsers: rows.filter((r) => r.email !== "" && r.tickets > 0).length,
    },
    userProgress,
  };
}
