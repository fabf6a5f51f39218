import { inject } from "vitest";
import { db } from "@/server/db/client";
import { resetRateLimiter } from "@/server/http/rate-limit";

/**
 * Puts the file's database back to the freshly migrated state; files call it in beforeEach.
 * Every table of the public schema but `_prisma_migrations` is emptied in one TRUNCATE, then the
 * rows the migrations left (the settings row, the counters' slots, the number floor, ...) and
 * the sequences' positions are restored as globalSetup recorded them. No table list to keep:
 * a migration's new table is emptied, and its seed rows restored, by the same statements.
 *
 * `session_replication_role = replica` switches triggers off for the reset (the test role is a
 * superuser on both engines): the append-only records' guards (audit_log refuses TRUNCATE) and
 * the counters' TRUNCATE triggers would otherwise refuse or redo what the restore does exactly.
 */
export async function resetDb() {
  // The rate limiter's per-process counts go with the table they are added to.
  resetRateLimiter();
  const { baseline } = inject("testDatabase");
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  await db().$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
      await tx.$executeRawUnsafe(`TRUNCATE TABLE ${baseline.tables.map(quoted).join(", ")} RESTART IDENTITY CASCADE`);
      for (const [table, { columns, rows }] of Object.entries(baseline.rows)) {
        const list = columns.map(quoted).join(", ");
        await tx.$executeRawUnsafe(
          `INSERT INTO ${quoted(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} ` +
            `FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`,
          JSON.stringify(rows),
        );
      }
      for (const s of baseline.sequences) {
        await tx.$executeRawUnsafe(
          `SELECT setval($1::regclass, $2::bigint, $3::boolean)`,
          quoted(s.name),
          s.lastValue,
          s.isCalled,
        );
      }
    },
    // A reset is the same few statements at any load; Prisma's default 5 s limit was passed at load 30 (six
    // sessions' suites side by side), failing tests that had not started.
    { timeout: 60_000, maxWait: 60_000 },
  );
}
