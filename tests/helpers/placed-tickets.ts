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
    // A registered ticket comes with its payment, in the same statement (the database ties them).
    const rows = await db().$queryRaw<{ id: string }[]>`
      WITH p AS (
        INSERT INTO payments (method, amount_expected)
        SELECT CASE WHEN lower(${t.method ?? "cash"}::text) IN ('cash', 'gcash', 'bank_transfer') THEN
      lower(${t.method ?? "cash"}::text) ELSE 'cash' END,
          ${t.amount ?? 50}::numeric
        WHERE ${registered}::timestamptz IS NOT NULL RETURNING id
      )
      INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, payment_method, amount,
        creator_email, user_id, registered_at, payment_id, created_at, updated_at)
      VALUES (gen_random_uuid(), ${`B2K-500-${String(t.number).padStart(5, "0")}`}, ${t.number}::int,
        ${registered ? (t.buyer ?? `Placed Buyer ${placed}`) : null}::text, ${registered ? "9171234567" : null}::text,
        ${t.method ?? "cash"}::text, ${t.amount ?? 50}::numeric,
      ${t.creator === undefined ? "staff@example.com" : t.creator}::text,
        'placed', ${registered}::timestamptz, (SELECT id FROM p), ${new Date(t.createdAt)}::timestamptz,
      ${new Date(t.createdAt)}::timestamptz)
      RETURNING id::text`;
    ids.push(rows[0].id);
  }
  return ids;
}

/** Sold: registered and not voided (docs/figures.md). */
const SOLD = "t.registered_at IS NOT NULL AND t.voided_at IS NULL";

/**
 * What the statistics should say, aggregated straight from the tickets table in the raffle's
 * timezone: the rollups must always equal this.
 */
export async function rawAggregates() {
  const daily = await db().$queryRawUnsafe<
    { day: string; method: string; generated: number; generated_registered: number; sold: number; revenue: string }[]
  >(`
    WITH z AS (SELECT raffle_timezone() AS tz), c AS (
      SELECT (t.created_at AT TIME ZONE z.tz)::date AS day, lower(t.payment_method) AS method, 1 AS g,
             (t.registered_at IS NOT NULL)::int AS gr, 0 AS s, 0::numeric AS v
      FROM tickets t, z
      UNION ALL
      SELECT (t.registered_at AT TIME ZONE z.tz)::date, lower(t.payment_method), 0, 0, 1, t.amount
      FROM tickets t, z WHERE ${SOLD}
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day, method, sum(g)::int AS generated, sum(gr)::int AS generated_registered,
           sum(s)::int AS sold, sum(v)::numeric(14,2)::text AS revenue
    FROM c GROUP BY day, method ORDER BY day, method`);
  const hourly = await db().$queryRaw<{ day: string; hour: number; generated: number }[]>`
    WITH z AS (SELECT raffle_timezone() AS tz)
    SELECT to_char((created_at AT TIME ZONE z.tz)::date, 'YYYY-MM-DD') AS day, extract(hour FROM created_at AT TIME ZONE
    z.tz)::int AS hour,
           count(*)::int AS generated
    FROM tickets, z GROUP BY 1, 2 ORDER BY 1, 2`;
  const creators = await db().$queryRawUnsafe<
    { creator: string; tickets: number; registered: number; revenue: string }[]
  >(
    `
    SELECT coalesce(t.creator_email, '') AS creator, count(*)::int AS tickets, count(t.registered_at)::int AS ` +
      `registered,
           coalesce(sum(t.amount) FILTER (WHERE ${SOLD}), 0)::numeric(14,2)::text AS revenue
    FROM tickets t GROUP BY 1 ORDER BY 1`,
  );
  const sellers = await db().$queryRawUnsafe<{ seller: string; sold: number; amount: string; cash: string }[]>(
    `
    SELECT coalesce(t.registered_by_id::text, '') AS seller, count(*)::int AS sold, ` +
      `sum(t.amount)::numeric(14,2)::text AS amount,
           coalesce(sum(t.amount) FILTER (WHERE lower(t.payment_method) = 'cash'), 0)::numeric(14,2)::text AS cash
    FROM tickets t WHERE ${SOLD} GROUP BY 1 ORDER BY 1`,
  );
  const [counters] = await db().$queryRawUnsafe<
    { total: number; registered: number; sold: number; voided: number; revenue: string }[]
  >(
    `
    SELECT count(*)::int AS total, count(t.registered_at)::int AS registered, count(*) FILTER (WHERE ${SOLD})::int ` +
      `AS sold,
           count(t.voided_at)::int AS voided, coalesce(sum(t.amount) FILTER (WHERE ${SOLD}), 0)::numeric(14,2)::text ` +
      `AS revenue
    FROM tickets t`,
  );
  return { daily, hourly, creators, sellers, counters };
}

/** The rollups, summed over their slots, in the same shape as rawAggregates(). */
export async function rollupAggregates() {
  const daily = await db().$queryRaw<
    { day: string; method: string; generated: number; generated_registered: number; sold: number; revenue: string }[]
  >`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, method, sum(generated)::int AS generated, sum(generated_registered)::int
    AS generated_registered,
           sum(sold)::int AS sold, sum(revenue)::numeric(14,2)::text AS revenue
    FROM ticket_daily_stats GROUP BY day, method
    HAVING sum(generated) <> 0 OR sum(generated_registered) <> 0 OR sum(sold) <> 0 OR sum(revenue) <> 0
    ORDER BY day, method`;
  const hourly = await db().$queryRaw<{ day: string; hour: number; generated: number }[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, hour, generated FROM ticket_hourly_stats WHERE generated <> 0 ORDER BY 1,
    2`;
  const creators = await db().$queryRaw<{ creator: string; tickets: number; registered: number; revenue: string }[]>`
    SELECT creator, sum(tickets)::int AS tickets, sum(registered)::int AS registered, sum(revenue)::numeric(14,2)::text
    AS revenue
    FROM ticket_creator_stats GROUP BY creator
    HAVING sum(tickets) <> 0 OR sum(registered) <> 0 OR sum(revenue) <> 0
    ORDER BY creator`;
  const sellers = await db().$queryRaw<{ seller: string; sold: number; amount: string; cash: string }[]>`
    SELECT seller, sum(sold)::int AS sold, sum(amount)::numeric(14,2)::text AS amount,
    sum(cash_amount)::numeric(14,2)::text AS cash
    FROM ticket_seller_stats GROUP BY seller
    HAVING sum(sold) <> 0 OR sum(amount) <> 0 OR sum(cash_amount) <> 0
    ORDER BY seller`;
  const [counters] = await db().$queryRaw<
    { total: number; registered: number; sold: number; voided: number; revenue: string }[]
  >`
    SELECT coalesce(sum(total), 0)::int AS total, coalesce(sum(registered), 0)::int AS registered, coalesce(sum(sold),
    0)::int AS sold,
           coalesce(sum(voided), 0)::int AS voided, coalesce(sum(revenue), 0)::numeric(14,2)::text AS revenue
    FROM ticket_counters`;
  return { daily, hourly, creators, sellers, counters };
}
