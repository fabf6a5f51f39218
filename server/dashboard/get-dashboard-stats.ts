import "server-only";
import type { DashboardStats, RecentActivity } from "@/lib/schemas/dashboard";
import { OVERVIEW_TREND_DAYS } from "@/lib/dashboard/periods";
import type { Principal } from "@/server/auth/principal";
import { recentActivityJson, toRecentActivity } from "@/server/dashboard/recent-activity";
import { requireSignedIn } from "@/server/dashboard/require-signed-in";
import {
  clockCte,
  dailySeriesJson,
  hourlyJson,
  methodTotalsJson,
  parseJson,
  type DayRow,
  type MethodRow,
} from "@/server/dashboard/rollup-queries";
import { db } from "@/server/db/client";

interface StatsRow {
  timezone: string;
  total: number;
  registered: number;
  revenue: number;
  today: number;
  this_week: number;
  this_month: number;
  daily: unknown;
  methods: unknown;
  hourly: unknown;
  activity: unknown;
}

/**
 * GET /api/dashboard/stats: the Overview's figures for any signed-in user, in one statement. `now`
 * pins the clock (tests); otherwise the server's. Totals come from the trigger-kept counters, the
 * rest from the rollups and two short index walks, so the cost does not grow with the tickets.
 */
export async function getDashboardStats(options: { principal: Principal; now?: Date }): Promise<DashboardStats> {
  requireSignedIn(options.principal);
  const now = options.now ?? new Date();
  const [row] = await db().$queryRaw<StatsRow[]>`
    WITH ${clockCte(now)}, b AS (
      SELECT clock.today, date_trunc('week', clock.today::timestamp)::date AS week, date_trunc('month',
    clock.today::timestamp)::date AS month
      FROM clock
    ), periods AS (
      -- Tickets generated today, this week (from Monday) and this month (from the 1st), up to today.
      SELECT coalesce(sum(s.generated) FILTER (WHERE s.day = b.today), 0)::int AS today,
             coalesce(sum(s.generated) FILTER (WHERE s.day BETWEEN b.week AND b.today), 0)::int AS this_week,
             coalesce(sum(s.generated) FILTER (WHERE s.day BETWEEN b.month AND b.today), 0)::int AS this_month
      FROM b LEFT JOIN ticket_daily_stats AS s ON s.day BETWEEN least(b.week, b.month) AND b.today
    ), counts AS (
      SELECT coalesce(sum(total), 0)::int AS total, coalesce(sum(registered), 0)::int AS registered,
             coalesce(sum(revenue), 0)::float8 AS revenue
      FROM ticket_counters
    )
    SELECT clock.tz AS timezone, counts.*, periods.*,
           ${dailySeriesJson(OVERVIEW_TREND_DAYS)} AS daily,
           ${methodTotalsJson()} AS methods,
           ${hourlyJson()} AS hourly,
           ${recentActivityJson()} AS activity
    FROM clock, counts, periods`;
  const methods = parseJson<MethodRow[]>(row.methods);
  const countOf = (method: string) => methods.find((m) => m.method === method)?.count ?? 0;
  return {
    success: true,
    timezone: row.timezone,
    summary: {
      total: row.total,
      today: row.today,
      thisWeek: row.this_week,
      thisMonth: row.this_month,
      cash: countOf("cash"),
      gcash: countOf("gcash"),
      bank_transfer: countOf("bank_transfer"),
      registered: row.registered,
      unregistered: row.total - row.registered,
      revenue: row.revenue,
    },
    trends: { daily: parseJson<DayRow[]>(row.daily).map((d) => ({ date: d.date, count: d.count })) },
    paymentBreakdown: methods.map((m) => ({ method: m.method, count: m.count, revenue: m.revenue })),
    hourlyDistribution: parseJson<{ hour: number; count: number }[]>(row.hourly),
    recentActivity: toRecentActivity(parseJson<RecentActivity[]>(row.activity)),
  };
}
