// @module-tag sql
// Issue 36: a job's limits are the database's limits. An import whose statement is still running
// when the job passes its time limit has that statement cancelled (pg_cancel_backend) and its
// transaction rolled back: the ticket-number lock is free within a second or two, a second import
// runs at once, and the job's row, the audit log and the tickets say nothing was written. On the
// embedded database a statement runs on the server's own thread (nothing could cancel it from
// there), so this suite runs on PostgreSQL (TEST_DATABASE_URL).
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { csvLine } from "@/lib/csv/ticket-csv";
import { db, dbEngine } from "@/server/db/client";
import { ticketImportJob } from "@/server/jobs/kinds/ticket-import";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { TEST_ORIGIN } from "@/tests/helpers/http";
import { setTicketLimit } from "@/tests/helpers/tickets";

/** The advisory lock key of server/tickets/ticket-transaction.ts (the number allocation lock). */
const ALLOCATION_LOCK = 40_417_004;
// Long enough for the worker to start (under vitest it compiles TypeScript: seconds on a busy machine).
const LIMIT_MS = 20_000;
const usualLimit = ticketImportJob.timeLimitMs;

const users = freshAdminAndStaff();
beforeEach(async () => {
  await setTicketLimit(99_999);
});
afterEach(async () => {
  ticketImportJob.timeLimitMs = usualLimit;
  await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS slow_first_insert ON tickets`);
  await db().$executeRawUnsafe(`DROP FUNCTION IF EXISTS slow_first_insert()`);
  await db().$executeRawUnsafe(`DROP SEQUENCE IF EXISTS slow_first_insert_seq`);
});

const soldFile = (from: number, count: number) =>
  [
    csvLine(["Last 5 Digits", "Buyer Name", "Phone Number", "Payment Method"]),
    ...Array.from({ length: count }, (_, i) =>
      csvLine([String(from + i).padStart(5, "0"), `Buyer ${from + i} Santos`, "09171234567", "Cash"]),
    ),
  ].join("\r\n") + "\r\n";

async function importCsv(csv: string, jobId: string, signal?: AbortSignal) {
  const req = new NextRequest(new URL("/api/tickets/import", TEST_ORIGIN), {
    method: "POST",
    signal,
    headers: {
      "content-type": "text/csv",
      host: "localhost:3000",
      authorization: `Bearer ${users.admin.token}`,
      "x-job-id": jobId,
    },
    body: csv,
  });
  const res = await importRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json(), at: performance.now() };
}

const lockHeld = async () =>
  (
    await db().$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${ALLOCATION_LOCK}::oid AND
      granted`
  )[0].n > 0;

/** Makes the first INSERT into tickets sleep a minute (a sequence is not rolled back: only the first). */
async function slowFirstInsert() {
  await db().$executeRawUnsafe(`CREATE SEQUENCE slow_first_insert_seq`);
  await db().$executeRawUnsafe(`
    CREATE FUNCTION slow_first_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF nextval('slow_first_insert_seq') = 1 THEN PERFORM pg_sleep(60); END IF; RETURN NULL; END $$`);
  await db().$executeRawUnsafe(
    `CREATE TRIGGER slow_first_insert BEFORE INSERT ON tickets FOR EACH STATEMENT EXECUTE FUNCTION slow_first_insert()`,
  );
}
const sleeping = async () =>
  (await db().$queryRaw<{ c: boolean }[]>`SELECT is_called AS c FROM slow_first_insert_seq`)[0].c;
const pause = () => new Promise((r) => setTimeout(r, 25));

/** What the database holds after the first import failed and a second one of 5 rows succeeded. */
async function afterSecondImport(firstJob: string) {
  const second = await importCsv(soldFile(101, 5), randomUUID());
  expect(second.status).toBe(200);
  expect(second.json).toMatchObject({ success: true, imported: 5 });
  const [after] = await db().$queryRaw<
    { tickets: number; payments: number; imports: number; registers: number; state: string; code: string }[]
  >`
    SELECT (SELECT count(*)::int FROM tickets) AS tickets, (SELECT count(*)::int FROM payments) AS payments,
      (SELECT count(*)::int FROM audit_log WHERE action = 'ticket.import') AS imports,
      (SELECT count(*)::int FROM audit_log WHERE action = 'ticket.register') AS registers,
      (SELECT state FROM jobs WHERE id = ${firstJob}::uuid) AS state, (SELECT error_code FROM jobs WHERE id =
    ${firstJob}::uuid) AS code`;
  return after;
}

/** Runs `work` with console.error silenced (a cancelled statement's error is logged). */
async function quietly<T>(work: () => Promise<T>) {
  const original = console.error;
  console.error = () => {};
  try {
    return await work();
  } finally {
    console.error = original;
  }
}

describe.skipIf(dbEngine() !== "postgresql")("an import's database work ends with its job (PostgreSQL)", () => {
  it(
    "cancelled while its INSERT runs: the statement is cancelled, " + "the lock free within a second, nothing written",
    async () => {
      await slowFirstInsert();
      const firstJob = randomUUID();
      const client = new AbortController();
      const { first, freedMs } = await quietly(async () => {
        const answer = importCsv(soldFile(1, 50), firstJob, client.signal);
        while (!(await lockHeld()) || !(await sleeping())) await pause();
        const cancelledAt = performance.now();
        client.abort();
        while (await lockHeld()) await pause();
        return {
          freedMs: performance.now() - cancelledAt,
          first: await answer.catch((error: unknown) => ({ status: 0, json: { error: String(error) } })),
        };
      });
      expect(freedMs).toBeLessThan(1000);
      expect(first.status === 0 || first.status === 409, JSON.stringify(first)).toBe(true);
      expect(await afterSecondImport(firstJob)).toEqual({
        tickets: 5,
        payments: 5,
        imports: 1,
        registers: 5,
        state: "cancelled",
        code: "job_cancelled",
      });
    },
    120_000,
  );

  it(
    "past its time limit: the lock is free within 2 s of the limit " +
      "(not after the 60 s statement), nothing written",
    async () => {
      await slowFirstInsert();
      ticketImportJob.timeLimitMs = LIMIT_MS;
      const firstJob = randomUUID();
      const started = performance.now();
      const { first, freedMs } = await quietly(async () => {
        const answer = importCsv(soldFile(1, 50), firstJob);
        while (!(await lockHeld())) await pause();
        while (await lockHeld()) await pause();
        return { freedMs: performance.now() - started, first: await answer };
      });
      expect(freedMs).toBeLessThan(LIMIT_MS + 2000);
      expect(first.status).toBe(504);
      expect(first.json).toMatchObject({ success: false, code: "job_timeout" });
      expect(await afterSecondImport(firstJob)).toEqual({
        tickets: 5,
        payments: 5,
        imports: 1,
        registers: 5,
        state: "failed",
        code: "job_timeout",
      });
    },
    120_000,
  );
});
