import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { PrintStubsPayload } from "@/lib/schemas/stubs";
import { STUB_MESSAGES } from "@/lib/schemas/stubs";
import { MAX_STUBS_PER_PRINT, stubsFileName } from "@/lib/stubs/stub-layout";
import { toRanges } from "@/lib/ticket-number";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db, sql } from "@/server/db/client";
import { jobTransaction } from "@/server/jobs/job-transaction";
import { AppError } from "@/server/http/errors";
import { stubsPdfJob } from "@/server/jobs/kinds/stubs-pdf";
import type { StubRow } from "@/server/stubs/render-stubs";
import { startJob } from "@/server/jobs/start-job";
import { publicUrl } from "@/server/secrets/installation-secrets";
import { getSettings } from "@/server/settings/get-settings";
import { rafflePrintInfo } from "@/server/stubs/raffle-print-info";
import { ticketFilterConditions } from "@/server/tickets/search-tickets";
import { currentVerifyKey } from "@/server/stubs/verify-keys";

/**
 * The tickets a print takes: a number range, a list of ids, or the Tickets list's filter (the same
 * conditions GET /api/tickets/search applies); voided tickets are left out (decision 102).
 */
function selection(payload: PrintStubsPayload, principal: Principal): Prisma.Sql {
  let where: Prisma.Sql;
  if (payload.ticketIds) where = Prisma.sql`t.id = ANY(${payload.ticketIds}::uuid[])`;
  else if (payload.filter) {
    const conditions = ticketFilterConditions(payload.filter, principal);
    where = conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
  } else where = Prisma.sql`t.ticket_number BETWEEN ${payload.from!}::int AND ${payload.to!}::int`;
  return Prisma.sql`(${where}) AND t.voided_at IS NULL`;
}

/** What the print log keeps of the selection (besides the numbers printed). */
function selectorOf(payload: PrintStubsPayload, numbers: [number, number][]) {
  if (payload.ticketIds) return { ticketIds: payload.ticketIds.length, numbers };
  if (payload.filter) {
    const { search, status, payment, user } = payload.filter;
    return {
      filter: { ...(search ? { search } : {}), status, ...(payment ? { payment } : {}), ...(user ? { user } : {}) },
      numbers,
    };
  }
  return { from: payload.from!, to: payload.to!, numbers };
}

const tooMany = () => new AppError("too_many_tickets", STUB_MESSAGES.tooMany);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * POST /api/print/stubs. Counts the selection (413 `too_many_tickets` past 10,000, before any
 * write), takes the instance's one stub-printing slot (429 `job_busy`), then in one transaction
 * raises each ticket's print count, writes the print log row and the audit row, and hands the
 * stubs to the worker, which streams the PDF. The log row gets the PDF's SHA-256 when the last
 * byte has been sent (`recorded` resolves then). A print that is cut off still counts as printed:
 * paper may have come out, so its next print says REPRINT (decision 102).
 */
export async function printStubs(options: {
  principal: Principal;
  payload: PrintStubsPayload;
  origin: string;
  signal?: AbortSignal;
}) {
  requireAdmin(options.principal);
  const { payload, principal } = options;
  const where = selection(payload, principal);
  const counted = Prisma.sql`SELECT count(*)::int AS n FROM tickets t WHERE ${where}`;
  const [{ n }] = await sql<{ n: number }>(counted.text, counted.values);
  if (n > MAX_STUBS_PER_PRINT) throw tooMany();
  if (n === 0)
    throw new AppError("not_found", "No tickets to print in that selection (voided tickets are not printed)");

  const { key, keyVersion } = await currentVerifyKey();
  const stubsReady = deferred<Uint8Array>();
  const createdAt = new Date();
  const base = publicUrl(options.origin).url;
  const settingsForTitle = await getSettings();
  const prizes = await db().prize.findMany({ select: { rank: true, name: true }, orderBy: { rank: "asc" } });
  const run = await startJob(stubsPdfJob, {
    principal,
    signal: options.signal,
    input: {
      paper: payload.paper,
      layout: payload.layout,
      order: payload.order,
      calibration: payload.calibration,
      raffle: rafflePrintInfo(settingsForTitle, prizes),
      verifyBaseUrl: base,
      keyVersion,
      keyHex: key.toString("hex"),
      title: `${settingsForTitle.siteName.trim() || "Raffle"}: ticket stubs`,
      createdAt: createdAt.toISOString(),
    },
    input$: (async function* () {
      yield await stubsReady.promise;
    })(),
  });

  let logged: { id: string; stubs: StubRow[] };
  try {
    // Within the job's limits, not Prisma's 5 s default: 10,000 stubs on a busy PostgreSQL took
    // longer and the print answered 500 (P2028). The job's end cancels the statement (issue 36).
    logged = await jobTransaction(run, async (tx) => {
      // The stubs' text is read back from tickets by the unique number (an index lookup or a hash
      // join): joining the CTE of the selection with the CTE of the writes was a nested loop of
      // two CTE scans the planner guessed small, 10,000 × 10,000 rows.
      const stubs = await tx.$queryRaw<
        { n: number; cn: string; buyer: string | null; print_count: number; qr_version: number }[]
      >`
        WITH up AS (
          INSERT INTO ticket_stubs AS s (ticket_number, print_count, last_printed_at)
          SELECT t.ticket_number, 1, now() FROM tickets t WHERE ${where}
          ON CONFLICT (ticket_number) DO UPDATE SET print_count = s.print_count + 1, last_printed_at =
        excluded.last_printed_at
          RETURNING s.ticket_number, s.print_count, s.qr_version
        )
        SELECT t.ticket_number AS n, t.control_number AS cn, CASE WHEN t.registered_at IS NOT NULL THEN t.buyer_name END
        AS buyer,
          up.print_count, up.qr_version::int AS qr_version
        FROM up JOIN tickets t ON t.ticket_number = up.ticket_number ORDER BY t.ticket_number`;
      if (stubs.length > MAX_STUBS_PER_PRINT) throw tooMany();
      if (stubs.length === 0)
        throw new AppError("not_found", "No tickets to print in that selection (voided tickets are not printed)");
      const numbers = toRanges(stubs.map((s) => s.n));
      const reprints = stubs.filter((s) => s.print_count >= 2).length;
      const job = await tx.printJob.create({
        data: {
          requestedById: principal.user.id,
          requestedByEmail: principal.user.email,
          createdAt,
          paper: payload.paper,
          layout: payload.layout,
          stackOrder: payload.order,
          calibration: payload.calibration,
          selector: selectorOf(payload, numbers),
          fromNumber: stubs[0].n,
          toNumber: stubs[stubs.length - 1].n,
          ticketCount: stubs.length,
          reprintCount: reprints,
          jobId: run.id,
        },
        select: { id: true },
      });
      await writeAudit(tx, {
        actor: { id: principal.user.id, email: principal.user.email },
        action: "tickets.print",
        entityId: job.id,
        after: {
          ticket_count: stubs.length,
          reprint_count: reprints,
          numbers,
          paper: payload.paper,
          layout: payload.layout,
          order: payload.order,
        },
      });
      return { id: job.id, stubs: stubs.map((s): StubRow => [s.n, s.cn, s.buyer, s.print_count, s.qr_version]) };
    });
  } catch (error) {
    stubsReady.reject(error);
    run.fail(error);
    throw error;
  }
  stubsReady.resolve(Buffer.from(JSON.stringify(logged.stubs), "utf8"));

  const recorded = run.finished.then(async (outcome) => {
    if (outcome.state !== "succeeded" || !outcome.output) return;
    await sql(`UPDATE print_jobs SET sha256 = $1 WHERE id = $2::uuid AND sha256 IS NULL`, [
      outcome.output.sha256,
      logged.id,
    ]);
  });
  recorded.catch((error) => console.error(`print: the digest of print job ${logged.id} was not recorded:`, error));
  const first = logged.stubs[0][0];
  const last = logged.stubs[logged.stubs.length - 1][0];
  return { run, printJobId: logged.id, fileName: stubsFileName(first, last), recorded };
}
