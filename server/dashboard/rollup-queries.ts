import "server-only";
import { Prisma } from "@/generated/prisma/client";

// SQL pieces over the statistics rollups (ticket_daily_stats, ticket_hourly_stats, kept by
// triggers; see docs/decisions/020-statistics-rollups.md). Each piece is a scalar subquery giving
// JSON, so a whole screen's figures come back from one statement: one round trip, one result row.
// They read the CTE `clock(tz, today)`: the raffle's timezone and its local date at `now`, so
// "today" is the raffle's today whatever the server's zone.

/** The CTE every piece reads. */
export function clockCte(now: Date) {
  return Prisma.sql`clock AS (
    SELECT z.tz, (${now}::timestamptz AT TIME ZONE z.tz)::date AS today FROM (SELECT raffle_timezone() AS tz) AS z
  )`;
}

export interface DayRow {
  date: string;
  /** Tickets generated that day (stock). */
  count: number;
  /** Tickets sold that day: registered then and not voided since (docs/figures.md). */
  registered: number;
  /** Their amounts. */
  revenue: number;
}

/**
 * [{date, count, registered, revenue}] for each local day of the `days` days ending today, zeros included, oldest
 * first.
 */
export function dailySeriesJson(days: number) {
  return Prisma.sql`(
    SELECT json_agg(json_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', d.count, 'registered',
    d.registered, 'revenue', d.revenue) ORDER BY d.day)
    FROM (
      SELECT g.day, coalesce(sum(s.generated), 0)::int AS count, coalesce(sum(s.sold), 0)::int AS registered,
             coalesce(sum(s.revenue), 0)::float8 AS revenue
      FROM (SELECT clock.today - (${days}::int - 1) + i AS day FROM clock, generate_series(0, ${days}::int - 1) AS i) AS
    g
      LEFT JOIN ticket_daily_stats AS s ON s.day = g.day
      GROUP BY g.day
    ) AS d
  )`;
}

/** The range filter on a rollup's `day`: the last `days` days, or all time. */
function inRange(days?: number) {
  return days
    ? Prisma.sql`s.day BETWEEN (SELECT today FROM clock) - (${days}::int - 1) AND (SELECT today FROM clock)`
    : Prisma.sql`true`;
}

/** [{hour, count}] for hours 0-23, zeros included: tickets generated, over all time or the last `days` days. */
export function hourlyJson(days?: number) {
  return Prisma.sql`(
    SELECT json_agg(json_build_object('hour', h.hour, 'count', h.count) ORDER BY h.hour)
    FROM (
      SELECT g.hour, coalesce(sum(s.generated), 0)::int AS count
      FROM generate_series(0, 23) AS g(hour)
      LEFT JOIN ticket_hourly_stats AS s ON s.hour = g.hour AND ${inRange(days)}
      GROUP BY g.hour
    ) AS h
  )`;
}

export interface MethodRow {
  method: string;
  /** Tickets sold with this method (registered in the range, not voided). */
  count: number;
  /** Their amounts. */
  revenue: number;
}

/**
 * [{method, count, revenue}] per payment method: sold tickets (registered, not voided) and their
 * revenue, by registration day, over all time or the last `days` days. Methods with no sale in
 * the range are left out; largest count first. Unsold stubs never count (docs/figures.md).
 */
export function methodTotalsJson(days?: number) {
  return Prisma.sql`(
    SELECT coalesce(json_agg(json_build_object('method', m.method, 'count', m.count, 'revenue', m.revenue)
                             ORDER BY m.count DESC, m.revenue DESC, m.method), '[]'::json)
    FROM (
      SELECT s.method, sum(s.sold)::int AS count, sum(s.revenue)::float8 AS revenue
      FROM ticket_daily_stats AS s
      WHERE ${inRange(days)}
      GROUP BY s.method
      HAVING sum(s.sold) <> 0 OR sum(s.revenue) <> 0
    ) AS m
  )`;
}

/** JSON from the driver: node-postgres parses it, other paths may hand back text. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
