import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";

type Tx = Prisma.TransactionClient;

/**
 * The runs of free ticket numbers in 1..limit, as SQL (columns gs, ge; ascending). One pass
 * over the ticket_number index: each taken number's predecessor gap, plus the tail after the
 * highest taken number.
 */
function freeGaps(limit: number) {
  return Prisma.sql`
    WITH taken AS (
      SELECT ticket_number AS n, lag(ticket_number, 1, 0) OVER (ORDER BY ticket_number) AS prev
      FROM tickets WHERE ticket_number <= ${limit}::int
    ), gaps AS (
      SELECT prev + 1 AS gs, n - 1 AS ge FROM taken WHERE n > prev + 1
      UNION ALL
      SELECT coalesce(max(ticket_number), 0) + 1, ${limit}::int FROM tickets WHERE ticket_number <= ${limit}::int
    )
    SELECT gs, ge FROM gaps WHERE ge >= gs`;
}

/** The `count` lowest free ticket numbers within the limit (fewer when not enough are free). */
export async function findLowestFreeNumbers(tx: Tx, options: { count: number; limit: number }): Promise<number[]> {
  const rows = await tx.$queryRaw<{ n: number }[]>`
    WITH free AS (${freeGaps(options.limit)}),
    sized AS (SELECT gs, ge, (sum(ge - gs + 1) OVER (ORDER BY gs) - (ge - gs + 1))::int AS before FROM free)
    SELECT n::int AS n
    FROM sized, generate_series(gs, LEAST(ge, gs + (${options.count}::int - before) - 1)) AS n
    WHERE before < ${options.count}::int
    ORDER BY n`;
  return rows.map((r) => r.n);
}

/** The first run of `count` consecutive free numbers within the limit, or null. */
export async function findAvailableRange(options: { count: number; limit: number }, tx: Tx = db()) {
  const rows = await tx.$queryRaw<{ gs: number }[]>`
    SELECT gs::int AS gs FROM (${freeGaps(options.limit)}) g WHERE ge - gs + 1 >= ${options.count}::int ORDER BY gs LIMIT 1`;
  if (!rows[0]) return null;
  return { start: rows[0].gs, end: rows[0].gs + options.count - 1 };
}
