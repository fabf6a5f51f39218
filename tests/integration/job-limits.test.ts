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
/**
 * The time limit of the second test's import: long enough for its worker to start and reach its
 * INSERT (under vitest it compiles TypeScript: seconds on a busy machine). The first test measures
 * how long that took this run; three times it, plus a second and a half, is the limit, at most 20
 * s (what it always was, and the test waited it out: 20 s of a worker doing nothing, issue 39).
 * Run alone, the second test has no measurement and takes the 20 s.
 */
const LIMIT_CEILING_MS = 20_000;
let reachedInsertMs: number | undefined;
/** Set when the time-limit test fails a try: its second try takes the 20 s, as the test always did. */
let limitTryFailed = false;
const limitMs = () =>
  reachedInsertMs === undefined || limitTryFailed
    ? LIMIT_CEILING_MS
    : Math.min(LIMIT_CEILING_MS, 3 * reachedInsertMs + 1_500);
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

/**
 * Both tests time the product (the lock free within a second of a cancel, within 2 s of a limit),
 * and the poll that sees it runs in this process beside the import. On the 2-core CI machine, with
 * the other worker, the PostgreSQL server and a PDF's pdftoppm all running, the process was once
 * starved long enough that a cancel measured 1.65 s (issue 39's CI run of af12d32; locally it is
 * 0.1–0.3 s). A second try of the same code measures again; a real regression fails both.
 */
const TIMED = { timeout: 120_000, retry: 1 };

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
    TIMED,
    async () => {
      await slowFirstInsert();
      const firstJob = randomUUID();
      const client = new AbortController();
      const { first, freedMs } = await quietly(async () => {
        const started = performance.now();
        const answer = importCsv(soldFile(1, 50), firstJob, client.signal);
        while (!(await lockHeld()) || !(await sleeping())) await pause();
        reachedInsertMs = performance.now() - started;
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
  );

  it(
    "past its time limit: the lock is free within 2 s of the limit " +
      "(not after the 60 s statement), nothing written",
    TIMED,
    async ({ onTestFailed }) => {
      // CI's run of 406a3aa failed this test's first try with the measured limit (the reporter
      // keeps no error of a try that a retry mended): say why in the log, and retry under 20 s.
      onTestFailed(({ task }) => {
        const limit = limitMs();
        limitTryFailed = true;
        const why = (task.result?.errors ?? []).map((e) => e.message).join("; ");
        process.stderr.write(`job-limits: a try under ${limit} ms failed (${why}); the retry takes 20 s\n`);
      });
      await slowFirstInsert();
      const limit = limitMs();
      ticketImportJob.timeLimitMs = limit;
      const firstJob = randomUUID();
      const started = performance.now();
      const { first, freedMs } = await quietly(async () => {
        let answered = false;
        const answer = importCsv(soldFile(1, 50), firstJob).finally(() => (answered = true));
        while (!answered && !((await lockHeld()) && (await sleeping()))) await pause();
        // A worker slower to start than the first test's (a busy moment) meets the measured limit
        // before its INSERT: nothing was written, the slow INSERT is still the next one (its
        // sequence not yet called), and the retry runs under the 20 s ceiling.
        if (answered && !(await sleeping()))
          throw new Error(`the import ended before its INSERT began: ${limit} ms was shorter than its start`);
        while (await lockHeld()) await pause();
        return { freedMs: performance.now() - started, first: await answer };
      });
      // The import that follows has the usual limit: the measured one can be a few seconds.
      ticketImportJob.timeLimitMs = usualLimit;
      expect(freedMs).toBeLessThan(limit + 2000);
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
  );
});
