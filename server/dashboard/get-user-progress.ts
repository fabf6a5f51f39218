import "server-only";
import type { UserProgress, UserProgressRow } from "@/lib/schemas/dashboard";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { amountToCentavos } from "@/lib/money";

interface ProgressRow {
  email: string;
  tickets: number;
  registered: number;
  revenue: string;
  sold: number;
  sold_amount: string;
  cash_amount: string;
  remitted: string;
  adjustments: string;
  latest: Date | null;
}

/** Tickets without a recorded creator or seller (none are made by this app) are grouped under this label. */
export const UNKNOWN_CREATOR = "Unknown";

/**
 * One row per staff member who created tickets, sold any, or remitted, from the trigger-kept rollups: per
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
    ), sold AS (
      SELECT s.seller, sum(s.sold)::int AS sold, sum(s.amount) AS amount, sum(s.cash_amount) AS cash
      FROM ticket_seller_stats s GROUP BY s.seller HAVING sum(s.sold) <> 0 OR sum(s.amount) <> 0
    ), remitted AS (
      SELECT r.seller_id::text AS seller, coalesce(sum(r.amount) FILTER (WHERE r.voided_at IS NULL), 0) AS remitted FROM
    remittances r GROUP BY 1
    ), adjusted AS (
      SELECT j.seller_id::text AS seller, sum(j.amount) AS adjustments FROM remittance_adjustments j GROUP BY 1
    ), sellers AS (
      -- What each person sold, and of its cash what they remitted (Remittances' own sources, decision 091).
      SELECT coalesce(u.email, '') AS email, sum(coalesce(so.sold, 0))::int AS sold,
             sum(coalesce(so.amount, 0)) AS amount, sum(coalesce(so.cash, 0)) AS cash,
             sum(coalesce(rm.remitted, 0)) AS remitted, sum(coalesce(aj.adjustments, 0)) AS adjustments
      FROM (SELECT seller FROM sold UNION SELECT seller FROM remitted UNION SELECT seller FROM adjusted) p
      LEFT JOIN sold so ON so.seller = p.seller
      LEFT JOIN remitted rm ON rm.seller = p.seller
      LEFT JOIN adjusted aj ON aj.seller = p.seller
      LEFT JOIN users u ON u.id::text = p.seller
      GROUP BY 1
    )
    SELECT coalesce(c.email, s.email) AS email, coalesce(c.tickets, 0) AS tickets,
           coalesce(c.registered, 0) AS registered, coalesce(c.revenue, 0)::text AS revenue,
           coalesce(s.sold, 0) AS sold, coalesce(s.amount, 0)::text AS sold_amount,
           coalesce(s.cash, 0)::text AS cash_amount, coalesce(s.remitted, 0)::text AS remitted,
           coalesce(s.adjustments, 0)::text AS adjustments,
           CASE WHEN c.email IS NULL THEN NULL
                WHEN c.email = '' THEN (SELECT max(t.created_at) FROM tickets AS t WHERE t.creator_email IS NULL)
                ELSE (SELECT max(t.created_at) FROM tickets AS t WHERE t.creator_email = c.email)
           END AS latest
    FROM creators c FULL JOIN sellers s ON s.email = c.email`;
}

const rate = (registered: number, total: number) => (total > 0 ? Math.round((registered / total) * 1000) / 10 : 0);
/** Pesos from a numeric(14,2) string: exact to the centavo, as a JSON number like totalSales. */
const pesos = (value: string) => Number(value);

/**
 * GET /api/dashboard/admin/user-progress: one row per staff member who created or sold tickets, largest sales first
 * (administrators).
 */
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
      remitted: pesos(r.remitted),
      // Owed: cash collected − remitted − adjustments, in centavos (Remittances' balance).
      owed: (amountToCentavos(r.cash_amount) - amountToCentavos(r.remitted) - amountToCentavos(r.adjustments)) / 100,
    }))
    // Seller first (issue 38 item 4): what each person sold, then what they generated.
    .sort(
      (a, b) =>
        b.soldAmount - a.soldAmount ||
        b.soldTickets - a.soldTickets ||
        b.totalSales - a.totalSales ||
        b.totalTickets - a.totalTickets ||
        a.userEmail.localeCompare(b.userEmail),
    );
  // Sums in centavos: adding pesos as floats could drift by a centavo.
  const centavos = (pick: (row: UserProgressRow) => number) =>
    userProgress.reduce((total, row) => total + Math.round(pick(row) * 100), 0);
  const count = (pick: (row: UserProgressRow) => number) => userProgress.reduce((total, row) => total + pick(row), 0);
  return {
    success: true,
    overview: {
      totalRevenue: centavos((r) => r.totalSales) / 100,
      totalTicketsGenerated: count((r) => r.totalTickets),
      totalRegistered: count((r) => r.registeredTickets),
      // Everyone who generated or sold (issue 38 item 4): staff who only sell count too.
      activeUsers: rows.filter((r) => r.email !== "" && (r.tickets > 0 || r.sold !== 0)).length,
    },
    userProgress,
  };
}
