import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";

// Reads of the statistics rollups (ticket_daily_stats, ticket_hourly_stats, kept by triggers; see
// docs/decisions/020-statistics-rollups.md). Days are raffle-local dates in the `timezone` setting,
// computed by the database from `now`, so "today" is the raffle's today whatever the server's zone.

/** A CTE `clock(tz, today)`: the raffle's timezone and its local date at `now`. */
export function clockCte(now: Date) {
  return Prisma.sql`clock AS (
    SELECT z.tz, (${now}::timestamptz AT TIME ZONE z.tz)::date AS today FROM (SELECT raffle_timezone() AS tz) AS z
  )`;
}

export interface DayRow {
  date: string;
  count: number;
  registered: number;
  revenue: number;
}

/** One row per local day of the `days` days ending today, zeros included, oldest first. */
export async function readDailySeries(options: { now: Date; days: number }): Promise<DayRow[]> {
  return db().$queryRaw<DayRow[]>`
    WITH ${clockCte(options.now)}, days AS (
      SELECT clock.today - (${options.days}::int - 1) + i AS day FROM clock, generate_series(0, ${options.days}::int - 1) AS i
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
           coalesce(sum(s.generated), 0)::int AS count,
           coalesce(sum(s.registered), 0)::int AS registered,
           coalesce(sum(s.revenue), 0)::float8 AS revenue
    FROM days LEFT JOIN ticket_daily_stats AS s ON s.day = days.day
    GROUP BY days.day
    ORDER BY days.day`;
}

/** Tickets generated per local hour 0-23 (zeros included), over all time or the last `days` days. */
export async function readHourlyDistribution(options: { now: Date; days?: number }): Promise<{ hour: number; count: number }[]> {
  const inRange = options.days
    ? Prisma.sql`AND s.day BETWEEN clock.today - (${options.days}::int - 1) AND clock.today`
    : Prisma.empty;
  return db().$queryRaw<{ hour: number; count: number }[]>`
    WITH ${clockCte(options.now)}
    SELECT h.hour::int AS hour, coalesce(sum(s.generated), 0)::int AS count
    FROM clock CROSS JOIN generate_series(0, 23) AS h(hour)
    LEFT JOIN ticket_hourly_stats AS s ON s.hour = h.hour ${inRange}
    GROUP BY h.hour
    ORDER BY h.hour`;
}

export interface MethodRow {
  method: string;
  count: number;
  registered: number;
  revenue: number;
}

/**
 * Per payment method: tickets generated and registrations with their revenue, over all time or
 * the last `days` days; methods with nothing in the range are left out. Largest count first.
 */
export async function readMethodTotals(options: { now: Date; days?: number }): Promise<MethodRow[]> {
  const inRange = options.days
    ? Prisma.sql`WHERE s.day BETWEEN clock.today - (${options.days}::int - 1) AND clock.today`
    : Prisma.empty;
  return db().$queryRaw<MethodRow[]>`
    WITH ${clockCte(options.now)}
    SELECT s.method, sum(s.generated)::int AS count, sum(s.registered)::int AS registered, sum(s.revenue)::float8 AS revenue
    FROM clock CROSS JOIN ticket_daily_stats AS s
    ${inRange}
    GROUP BY s.method
    HAVING sum(s.generated) <> 0 OR sum(s.registered) <> 0 OR sum(s.revenue) <> 0
    ORDER BY count DESC, revenue DESC, s.method`;
}
