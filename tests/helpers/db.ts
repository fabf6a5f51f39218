import { inject } from "vitest";
import { db } from "@/server/db/client";
import { resetRateLimiter } from "@/server/http/rate-limit";

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Past this many rows a table is truncated, not deleted from: TRUNCATE costs per table, DELETE per row. */
const TRUNCATE_FROM_ROWS = 500;

let resetBlock: string | undefined;

/**
 * The reset as one statement: a DO block that empties each table holding rows, DELETE for a few
 * rows and one TRUNCATE for the tables holding many, then puts every sequence back.
 */
function resetStatement() {
  if (resetBlock) return resetBlock;
  const { baseline } = inject("testDatabase");
  const perTable = baseline.tables.map((table) => {
    const name = quoted(table);
    return (
      `  IF EXISTS (SELECT FROM ${name} OFFSET ${TRUNCATE_FROM_ROWS}) THEN big := big || ${literal(name)}::text;\n` +
      `  ELSIF EXISTS (SELECT FROM ${name}) THEN DELETE FROM ${name}; END IF;`
    );
  });
  const sequences = baseline.sequences.map(
    (s) => `  PERFORM setval(${literal(quoted(s.name))}::regclass, ${BigInt(s.lastValue)}, ${s.isCalled});`,
  );
  resetBlock =
    `DO $reset$ DECLARE big text[] := '{}'; BEGIN\n${perTable.join("\n")}\n` +
    `  IF cardinality(big) > 0 THEN EXECUTE 'TRUNCATE TABLE ' || array_to_string(big, ', ') || ' CASCADE'; END IF;\n` +
    `${sequences.join("\n")}\nEND $reset$`;
  return resetBlock;
}

/**
 * Puts the file's database back to the freshly migrated state; files call it in beforeEach.
 * Every table of the public schema but `_prisma_migrations` is emptied, then the rows the
 * migrations left (the settings row, the counters' slots, the number floor, ...) and the
 * sequences' positions are restored as globalSetup recorded them. No table list to keep: a
 * migration's new table is emptied, and its seed rows restored, by the same statements.
 *
 * One round trip empties every table (docs/testing.md, issue 39): a table holding rows is emptied
 * by DELETE, or by TRUNCATE past TRUNCATE_FROM_ROWS rows, and an empty one is left alone. One
 * TRUNCATE of all 39 tables made new files for every table and index: 117 ms a reset on PGlite
 * and 160 ms on PostgreSQL, against 26 and 13 ms now (a test's usual few tables).
 *
 * `session_replication_role = replica` switches triggers off for the reset (the test role is a
 * superuser on both engines), foreign keys' checks included: the append-only records' guards
 * (audit_log refuses DELETE and TRUNCATE) and the counters' triggers would otherwise refuse or
 * redo what the restore does exactly, and the tables can be emptied in any order.
 */
export async function resetDb() {
  // The rate limiter's per-process counts go with the table they are added to.
  resetRateLimiter();
  const { baseline } = inject("testDatabase");
  await db().$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
      await tx.$executeRawUnsafe(resetStatement());
      for (const [table, { columns, rows }] of Object.entries(baseline.rows)) {
        const list = columns.map(quoted).join(", ");
        await tx.$executeRawUnsafe(
          `INSERT INTO ${quoted(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} ` +
            `FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`,
          JSON.stringify(rows),
        );
      }
    },
    // A reset is the same few statements at any load; Prisma's default 5 s limit was passed at load 30 (six
    // sessions' suites side by side), failing tests that had not started.
    { timeout: 60_000, maxWait: 60_000 },
  );
}
