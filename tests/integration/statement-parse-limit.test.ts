// The statement parse's time limit (issue 21: "parse off the request thread (a worker) with a 20 s
// limit … a clear error … and nothing is written"), driven through the real import route. The test
// shortens the `statement.parse` kind's limit (the job mechanism's one knob, decision 085) so a
// statement that takes seconds to read overruns it without the test waiting 20 s (decision 143).
import { createHash } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_PARSE_LIMIT_MS } from "@/lib/schemas/reconciliation";
import { db } from "@/server/db/client";
import { statementParseJob } from "@/server/jobs/kinds/statement-parse";
import { runningJobCount } from "@/server/jobs/start-job";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { gcashStatementPdf, manyGcashRows } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";

const PASSWORD = "limit-0917";
const SHORT_LIMIT_MS = 400;
const LINES = 2000;
const FIRST_REF = 1_002_000_000_000n;

let token: string;
let pdf: Uint8Array;

beforeAll(async () => {
  await resetDb();
  token = (await createSignedInUser({ isAdmin: true, email: "admin@example.com" })).token;
  // A payment for every line, each paying for a sold ticket (the ledger matches only payments with a
  // live ticket, decision 193), so a parse that got through would have verified them all.
  await db().$executeRaw`
    WITH p AS (
      INSERT INTO payments (method, reference, reference_normalized, gcash_reference_key, amount_expected)
      SELECT 'gcash', r, r, r, 50 FROM (SELECT (${FIRST_REF}::bigint + g)::text AS r FROM generate_series(0,
    ${LINES - 1}::int) g) s
      RETURNING id, reference
    ), pn AS (SELECT id, (row_number() OVER (ORDER BY reference))::int AS rn FROM p)
    INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, payment_method, amount,
    creator_email, registered_at, payment_id)
    SELECT gen_random_uuid(), 'B2K-123-' || lpad(rn::text, 5, '0'), rn, 'Buyer ' || rn || ' Santos', '9171234567',
    'gcash', 50,
      'admin@example.com', now(), pn.id
    FROM pn`;
  // 2,000 lines on 54 pages: pdf.js alone needs about a second for them, past the short limit.
  pdf = await gcashStatementPdf({ rows: manyGcashRows(LINES, { firstReference: FIRST_REF }), password: PASSWORD });
}, 60_000);

afterEach(() => {
  statementParseJob.timeLimitMs = STATEMENT_PARSE_LIMIT_MS;
});

const counts = async () => {
  const [row] = await db().$queryRaw<
    { imports: bigint; lines: bigint; hashes: bigint; verified: bigint; audits: bigint }[]
  >`
    SELECT (SELECT count(*) FROM statement_imports) AS imports,
      (SELECT count(*) FROM statement_lines) AS lines,
      (SELECT count(*) FROM statement_imports WHERE file_sha256 = ${createHash("sha256").update(pdf).digest("hex")}) AS
    hashes,
      (SELECT count(*) FROM payments WHERE status = 'verified') AS verified,
      (SELECT count(*) FROM audit_log WHERE action LIKE 'statement%') AS audits`;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
};
const NOTHING = { imports: 0, lines: 0, hashes: 0, verified: 0, audits: 0 };

describe("a statement whose parse overruns the time limit", () => {
  it.each([
    ["commit", false],
    ["preview", true],
  ])("%s: 504 job_timeout naming the limit, the worker's job failed, nothing written", async (_step, preview) => {
    statementParseJob.timeLimitMs = SHORT_LIMIT_MS;
    const started = performance.now();
    const res = await uploadStatement({
      token,
      bytes: pdf,
      fileName: "slow.pdf",
      kind: "gcash_pdf",
      password: PASSWORD,
      preview,
    });
    expect(res).toEqual({
      status: 504,
      json: {
        success: false,
        code: "job_timeout",
        message: "The statement import took longer than 0.4 seconds and was stopped",
      },
    });
    // Stopped at the limit, not after the parse had run its course.
    expect(performance.now() - started).toBeLessThan(SHORT_LIMIT_MS + 3000);

    expect(await counts()).toEqual(NOTHING);
    // The job's end is written to its row after the answer leaves (the row writes are queued
    // behind the last progress write): wait for it rather than race it.
    const lastJob = () => db().$queryRaw<{ state: string; error_code: string; error: string }[]>`
      SELECT state, error_code, error FROM jobs WHERE kind = 'statement.parse' ORDER BY started_at DESC LIMIT 1`;
    await expect.poll(lastJob, { timeout: 10_000 }).toEqual([
      {
        state: "failed",
        error_code: "job_timeout",
        error: "The statement import took longer than 0.4 seconds and was stopped",
      },
    ]);
    expect(JSON.stringify(await db().$queryRaw`SELECT * FROM jobs`)).not.toContain(PASSWORD);
    // The worker's slot is free again.
    expect(runningJobCount("statement.parse")).toBe(0);
  });

  it("leaves no trace that blocks the same file: with the issue's 20 s it imports in full", async () => {
    expect(statementParseJob.timeLimitMs).toBe(20_000);
    const res = await uploadStatement({
      token,
      bytes: pdf,
      fileName: "slow.pdf",
      kind: "gcash_pdf",
      password: PASSWORD,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ lines: LINES, new: LINES, skipped: 0, matched: LINES });
    expect(await counts()).toEqual({ imports: 1, lines: LINES, hashes: 1, verified: LINES, audits: 1 });
  }, 60_000);
});
