// Tickets placed at chosen instants, straight into the table (the statistics triggers see them
// exactly as they see the API's inserts), for the statistics suites.
import { db } from "@/server/db/client";

export interface PlacedTicket {
  number: number;
  createdAt: string | Date;
  /** When it was registered (a buyer is attached); unregistered when absent. */
  registeredAt?: string | Date | null;
  method?: string;
  amount?: number;
  creator?: string | null;
  buyer?: string;
}

let placed = 0;

/** Inserts the tickets in one statement; returns their ids in order. */
export async function placeTickets(tickets: PlacedTicket[]): Promise<string[]> {
  const ids: string[] = [];
  for (const t of tickets) {
    placed += 1;
    const registered = t.registeredAt ? new Date(t.registeredAt) : null;
    const rows = await db().$queryRaw<{ id: string }[]>`
      INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, payment_method, amount,
        creator_email, user_id, registered_at, created_at, updated_at)
      VALUES (gen_random_uuid(), ${`B2K-500-${String(t.number).padStart(5, "0")}`}, ${t.number}::int,
        ${registered ? (t.buyer ?? `Placed Buyer ${placed}`) : null}::text, ${registered ? "9171234567" : null}::text,
        ${t.method ?? "cash"}::text, ${t.amount ?? 50}::numeric, ${t.creator === undefined ? "staff@example.com" : t.creator}::text,
        'placed', ${registered}::timestamptz, ${new Date(t.createdAt)}::timestamptz, ${new Date(t.createdAt)}::timestamptz)
      RETURNING id::text`;
    ids.push(rows[0].id);
  }
  return ids;
}

/**
 * What the statistics should say, aggregated straight from the tickets table in the raffle's
 * timezone: the rollups must always equal this.
 */
export async function rawAggregates() {
  const daily = await db().$queryRaw<{ day: string; method: string; generated: number; generated_registered: number; registered: number; revenue: string }[]>`
    WITH z AS (SELECT raffle_timezone() AS tz), c AS (
      SELECT (t.created_at AT TIME ZONE z.tz)::date AS day, lower(t.payment_method) AS method, 1 AS g,
             (t.registered_at IS NOT NULL)::int AS gr, 0 AS r, 0::numeric AS v
      FROM tickets t, z
      UNION ALL
      SELECT (t.registered_at AT TIME ZONE z.tz)::date, lower(t.payment_method), 0, 0, 1, t.amount
      FROM tickets t, z WHERE t.registered_at IS NOT NULL
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day, method, sum(g)::int AS generated, sum(gr)::int AS generated_registered,
           sum(r)::int AS registered, sum(v)::numeric(14,2)::text AS revenue
    FROM c GROUP BY day, method ORDER BY day, method`;
  const hourly = await db().$queryRaw<{ day: string; hour: number; generated: number }[]>`
    WITH z AS (SELECT raffle_timezone() AS tz)
    SELECT to_char((created_at AT TIME ZONE z.tz)::date, 'YYYY-MM-DD') AS day, extract(hour FROM created_at AT TIME ZONE z.tz)::int AS hour,
           count(*)::int AS generated
    FROM tickets, z GROUP BY 1, 2 ORDER BY 1, 2`;
  const creators = await db().$queryRaw<{ creator: string; tickets: number; registered: number; revenue: string }[]>`
    SELECT coalesce(creator_email, '') AS creator, count(*)::int AS tickets, count(registered_at)::int AS registered,
           coalesce(sum(amount) FILTER (WHERE registered_at IS NOT NULL), 0)::numeric(14,2)::text AS revenue
    FROM tickets GROUP BY 1 ORDER BY 1`;
  return { daily, hourly, creators };
}

/** The rollups, summed over their slots, in the same shape as rawAggregates(). */
export async function rollupAggregates() {
  const daily = await db().$queryRaw<{ day: string; method: string; generated: number; generated_registered: number; registered: number; revenue: string }[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, method, sum(generated)::int AS generated, sum(generated_registered)::int AS generated_registered,
           sum(registered)::int AS registered, sum(revenue)::numeric(14,2)::text AS revenue
    FROM ticket_daily_stats GROUP BY day, method
    HAVING sum(generated) <> 0 OR sum(generated_registered) <> 0 OR sum(registered) <> 0 OR sum(revenue) <> 0
    ORDER BY day, method`;
  const hourly = await db().$queryRaw<{ day: string; hour: number; generated: number }[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, hour, generated FROM ticket_hourly_stats WHERE generated <> 0 ORDER BY 1, 2`;
  const creators = await db().$queryRaw<{ creator: string; tickets: number; registered: number; revenue: string }[]>`
    SELECT creator, sum(tickets)::int AS tickets, sum(registered)::int AS registered, sum(revenue)::numeric(14,2)::text AS revenue
    FROM ticket_creator_stats GROUP BY creator
    HAVING sum(tickets) <> 0 OR sum(registered) <> 0 OR sum(revenue) <> 0
    ORDER BY creator`;
  return { daily, hourly, creators };
}
