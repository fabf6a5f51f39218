import "server-only";
import type { DashboardStats } from "@/lib/api/dashboard";
import { OVERVIEW_TREND_DAYS } from "@/lib/dashboard/periods";
import type { Principal } from "@/server/auth/principal";
import { requireSignedIn } from "@/server/dashboard/require-signed-in";
import { db } from "@/server/db/client";
import { readRecentActivity } from "@/server/dashboard/recent-activity";
import { clockCte, readDailySeries, readHourlyDistribution, readMethodTotals } from "@/server/dashboard/rollup-queries";
import { getTicketCounts } from "@/server/tickets/ticket-counts";

/** Tickets generated today, this week (from Monday) and this month (from the 1st), up to today, in the raffle's days. */
async function readPeriodCounts(now: Date) {
  const [row] = await db().$queryRaw<{ timezone: string; today: number; this_week: number; this_month: number }[]>`
    WITH ${clockCte(now)}, b AS (
      SELECT clock.tz, clock.today, date_trunc('week', clock.today::timestamp)::date AS week,
             date_trunc('month', clock.today::timestamp)::date AS month
      FROM clock
    )
    SELECT b.tz AS timezone,
           coalesce(sum(s.generated) FILTER (WHERE s.day = b.today), 0)::int AS today,
           coalesce(sum(s.generated) FILTER (WHERE s.day BETWEEN b.week AND b.today), 0)::int AS this_week,
           coalesce(sum(s.generated) FILTER (WHERE s.day BETWEEN b.month AND b.today), 0)::int AS this_month
    FROM b LEFT JOIN ticket_daily_stats AS s ON s.day BETWEEN least(b.week, b.month) AND b.today
    GROUP BY b.tz, b.today, b.week, b.month`;
  return row;
}

/**
 * GET /api/dashboard/stats: the Overview's figures for any signed-in user. `now` pins the clock
 * (tests); otherwise the server's. Totals come from the trigger-kept counters, the rest from the
 * rollups, so the cost does not grow with the number of tickets.
 */
export async function getDashboardStats(options: { principal: Principal; now?: Date }): Promise<DashboardStats> {
  requireSignedIn(options.principal);
  const now = options.now ?? new Date();
  const [counts, periods, daily, methods, hourly, recentActivity] = await Promise.all([
    getTicketCounts(),
    readPeriodCounts(now),
    readDailySeries({ now, days: OVERVIEW_TREND_DAYS }),
    readMethodTotals({ now }),
    readHourlyDistribution({ now }),
    readRecentActivity(),
  ]);
  const countOf = (method: string) => methods.find((m) => m.method === method)?.count ?? 0;
  return {
    success: true,
    timezone: periods.timezone,
    summary: {
      total: counts.total,
      today: periods.today,
      thisWeek: periods.this_week,
      thisMonth: periods.this_month,
      cash: countOf("cash"),
      gcash: countOf("gcash"),
      bank_transfer: countOf("bank_transfer"),
      registered: counts.registered,
      unregistered: counts.unregistered,
      revenue: counts.revenue,
    },
    trends: { daily: daily.map((d) => ({ date: d.date, count: d.count })) },
    paymentBreakdown: methods.map((m) => ({ method: m.method, count: m.count, revenue: m.revenue })),
    hourlyDistribution: hourly,
    recentActivity,
  };
}
