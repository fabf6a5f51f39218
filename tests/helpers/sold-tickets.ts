// Sold tickets (registered, each with its cash payment) in one statement, for the draw's suites.
import { db } from "@/server/db/client";

export const controlNumberOf = (n: number) => `B2K-123-${String(n).padStart(5, "0")}`;

/** Tickets numbered from `from` to `from + count - 1`, sold to 'Buyer {n} Santos'; returns their control numbers. */
export async function createSoldTickets(count: number, from = 1): Promise<string[]> {
  await db().$executeRaw`
    WITH p AS (
      INSERT INTO payments (method, amount_expected) SELECT 'cash', 50 FROM generate_series(1, ${count}::int) RETURNING
    id
    ), pn AS (SELECT id, (row_number() OVER ())::int AS rn FROM p)
    INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, payment_method, amount,
    creator_email, registered_at, payment_id)
    SELECT gen_random_uuid(), 'B2K-123-' || lpad((${from}::int + rn - 1)::text, 5, '0'), ${from}::int + rn - 1,
      'Buyer ' || (${from}::int + rn - 1) || ' Santos', '9171234567', 'cash', 50, 'staff@example.com', now(), pn.id
    FROM pn`;
  return Array.from({ length: count }, (_, i) => controlNumberOf(from + i));
}
