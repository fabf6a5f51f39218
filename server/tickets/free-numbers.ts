import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";

type Tx = Prisma.TransactionClient;

/**
 * Free ticket numbers, found by walking the ticket_number index upward from the floor (every
 * number below it is taken) and stopping as soon as enough are found: the cost follows what is
 * asked for, not the size of the table. The SQL functions live in the ticket_number_floor
 * migration.
 */

/**
 * The `count` lowest free numbers within the limit (fewer when not enough are free). Call it
 * under the allocation lock: it also raises the floor past the numbers it returns, which the
 * caller is about to take (a rollback undoes both).
 */
export async function allocateLowestFreeNumbers(tx: Tx, options: { count: number; limit: number }): Promise<number[]> {
  const [floor] = await tx.$queryRaw<{ floor_number: number; version: string }[]>`
    SELECT floor_number, version::text AS version FROM ticket_number_floor WHERE id = 1`;
  const start = floor?.floor_number ?? 1;
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT n::int AS n FROM ticket_free_numbers(${start}::int, ${options.limit}::int, ${options.count}::int) AS n`;
  const numbers = rows.map((r) => r.n);
  if (floor && numbers.length === options.count) {
    // Everything from the old floor up to the last number returned is taken once the caller
    // inserts, as far as this transaction could see. A delete that committed meanwhile (or is
    // about to) may have freed a number below that it saw as taken: the delete bumped the
    // version, so the floor stays where the delete put it. A delete still running waits for
    // this row and lowers the floor again after us.
    await tx.$executeRaw`
      UPDATE ticket_number_floor SET floor_number = ${numbers[numbers.length - 1] + 1}::int
      WHERE id = 1 AND version = ${floor.version}::bigint`;
  }
  return numbers;
}

/** The first run of `count` consecutive free numbers within the limit, or null. */
export async function findAvailableRange(options: { count: number; limit: number }, tx: Tx = db()) {
  const [row] = await tx.$queryRaw<{ start: number | null }[]>`
    SELECT ticket_first_free_run(
      (SELECT floor_number FROM ticket_number_floor WHERE id = 1), ${options.limit}::int, ${options.count}::int
    ) AS start`;
  if (row?.start == null) return null;
  return { start: row.start, end: row.start + options.count - 1 };
}
