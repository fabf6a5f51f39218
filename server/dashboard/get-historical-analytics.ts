import "server-only";
import type { HistoricalAnalytics } from "@/lib/schemas/dashboard";
import { ANALYTICS_PERIOD_DAYS, type AnalyticsPeriod } from "@/lib/dashboard/periods";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
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
import { medianRequestDuration } from "@/server/http/request-timings";

interface PeriodRow {
  timezone: string;
  range_from: string;
  range_to: string;
  generated: number;
  generated_registered: number;
  registered: number;
  revenue: number;
  current_registered: number;
  current_revenue: number;
  previous_registered: number;
  previous_revenue: number;
  active_users: number;
  daily: unknown;
  methods: unknown;
  hourly: unknown;
}

/**
 * One statement: the period's series and totals, this month so far and the whole previous month
 * (registrations and their revenue), and the staff who generated tickets in the period. Active
 * users probe the (creator_email, created_at) index once per creator instead of scanning tickets.
 */
async function readPeriod(now: Date, days: number): Promise<PeriodRow> {
  const [row] = await db().$queryRaw<PeriodRow[]>`
    WITH ${clockCte(now)}, b AS (
      SELECT clock.tz, clock.today, clock.today - (${days}::int - 1) AS range_from,
             date_trunc('month', clock.today::timestamp)::date AS month,
             (date_trunc('month', clock.today::timestamp) - interval '1 month')::date AS previous_month
      FROM clock
    ), sums AS (
      SELECT
        coalesce(sum(s.generated) FILTER (WHERE s.day BETWEEN b.range_from AND b.today), 0)::int AS generated,
        coalesce(sum(s.generated_registered) FILTER (WHERE s.day BETWEEN b.range_from AND b.today), 0)::int AS
    generated_registered,
        coalesce(sum(s.sold) FILTER (WHERE s.day BETWEEN b.range_from AND b.today), 0)::int AS registered,
        coalesce(sum(s.revenue) FILTER (WHERE s.day BETWEEN b.range_from AND b.today), 0)::float8 AS revenue,
        coalesce(sum(s.sold) FILTER (WHERE s.day BETWEEN b.month AND b.today), 0)::int AS current_registered,
        coalesce(sum(s.revenue) FILTER (WHERE s.day BETWEEN b.month AND b.today), 0)::float8 AS current_revenue,
        coalesce(sum(s.sold) FILTER (WHERE s.day >= b.previous_month AND s.day < b.month), 0)::int AS
    previous_registered,
        coalesce(sum(s.revenue) FILTER (WHERE s.day >= b.previous_month AND s.day < b.month), 0)::float8 AS
    previous_revenue
      FROM b LEFT JOIN ticket_daily_stats AS s ON s.day BETWEEN least(b.range_from, b.previous_month) AND b.today
    ), bounds AS (
      SELECT (b.range_from::timestamp AT TIME ZONE b.tz) AS starts, ((b.today + 1)::timestamp AT TIME ZONE b.tz) AS ends
    FROM b
    ), creators AS (
      SELECT c.creator FROM ticket_creator_stats AS c WHERE c.creator <> '' GROUP BY c.creator HAVING sum(c.tickets) > 0
    )
    SELECT b.tz AS timezone, to_char(b.range_from, 'YYYY-MM-DD') AS range_from, to_char(b.today, 'YYYY-MM-DD') AS
    range_to, sums.*,
      (SELECT count(*)::int FROM creators, bounds
        WHERE EXISTS (SELECT 1 FROM tickets AS t WHERE t.creator_email = creators.creator
                        AND t.created_at >= bounds.starts AND t.created_at < bounds.ends)) AS active_users,
      ${dailySeriesJson(days)} AS daily,
      ${methodTotalsJson(days)} AS methods,
      ${hourlyJson(days)} AS hourly
    FROM b, sums`;
  return row;
}

/** Highest count; ties go to the earliest hour or the latest day. Null when there is nothing. */
function peakOf<T extends { count: number }>(rows: T[], preferLater: boolean): T | null {
  let best: T | null = null;
  for (const row of rows) {
    if (row.count <= 0) continue;
    if (!best || row.count > best.count || (preferLater && row.count === best.count)) best = row;
  }
  return best;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** GET /api/dashboard/analytics/historical: the Analytics screen's figures for one period (administrators). */
export async function getHistoricalAnalytics(options: {
  principal: Principal;
  period: AnalyticsPeriod;
  now?: Date;
}): Promise<HistoricalAnalytics> {
  requireAdmin(options.principal);
  const now = options.now ?? new Date();
  const row = await readPeriod(now, ANALYTICS_PERIOD_DAYS[options.period]);
  const daily = parseJson<DayRow[]>(row.daily);
  const hourly = parseJson<{ hour: number; count: number }[]>(row.hourly);
  const methods = parseJson<MethodRow[]>(row.methods);
  const timing = medianRequestDuration();
  const bestDay = peakOf(daily, true);
  return {
    success: true,
    period: options.period,
    timezone: row.timezone,
    range: { from: row.range_from, to: row.range_to },
    trends: { daily },
    paymentBreakdown: methods.map((m) => ({ method: m.method, count: m.count, revenue: m.revenue })),
    hourlyDistribution: hourly,
    currentMonth: { registeredTickets: row.current_registered, revenue: row.current_revenue },
    previousMonth: { registeredTickets: row.previous_registered, revenue: row.previous_revenue },
    totals: {
      generatedTickets: row.generated,
      registeredTickets: row.registered,
      revenue: row.revenue,
      activeUsers: row.active_users,
    },
    performance: {
      peakHour: peakOf(hourly, false),
      bestDay: bestDay && { date: bestDay.date, count: bestDay.count },
      registrationRate: percent(row.generated_registered, row.generated),
      medianResponseMs: timing.medianMs,
      responseSamples: timing.samples,
    },
  };
}
