import "server-only";
import { normalizeReference } from "@/lib/payments";
import { registrability, type RegistrationFacts } from "@/lib/registrability";
import { IMPORT_MESSAGES, type ImportResult, type ImportTicketsPayload } from "@/lib/schemas/ticket-import";
import { TICKET_MESSAGES } from "@/lib/ticket-messages";
import { effectiveTicketLimit, formatTicketNumber, toRanges } from "@/lib/ticket-number";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { writeAudit } from "@/server/audit";
import { earlierUseMessage, findEarlierUse, isSameBuyer } from "@/server/payments/earlier-use";
import { newPayment, type PaymentPlan } from "@/server/payments/plan-payment";
import { sealSoon } from "@/server/activity/seal-audit-log";
import { dbEngine } from "@/server/db/client";
import { ANALYZE_AFTER_ROWS, refreshStatistics } from "@/server/db/refresh-statistics";
import { getSettings } from "@/server/settings/get-settings";
import { startJob } from "@/server/jobs/start-job";
import { ticketImportJob } from "@/server/jobs/kinds/ticket-import";
import { IMPORT_INPUT_SLICE_CHARS, MAX_ERROR_LINES } from "@/server/tickets/import-limits";
import { rowError, type RowError, type ValidImportRow } from "@/server/tickets/import-row-reader";
import { runRegistration } from "@/server/tickets/register-ticket";
import {
  createSoldTicketsStatement,
  insertTicketsStatement,
  sells,
  sellTicketsStatement,
  voidImportedStatement,
  type Sale,
} from "@/server/tickets/import-statements";
import { lockTicketNumbers, ticketTransaction } from "@/server/tickets/ticket-transaction";

export { IMPORT_BODY_LIMIT_BYTES, MAX_ERROR_LINES } from "@/server/tickets/import-limits";

interface ExistingTicket extends RegistrationFacts {
  ticket_number: number;
  id: string;
}

type Tx = Parameters<Parameters<typeof ticketTransaction>[0]>[0];

/**
 * POST /api/tickets/import: adds the file's tickets in one transaction, under the number
 * allocation lock (so two imports, or an import and a generation, never race for a number).
 * The file is read in a worker thread (ticketImportJob, decision 080; on the embedded database
 * whole, before the transaction opens: decision 216), which hands valid rows over in batches of
 * IMPORT_BATCH_ROWS; each batch is written as the whole file once
 * was: new numbers with one INSERT ... SELECT FROM unnest(typed arrays) ... ON CONFLICT DO NOTHING,
 * a new ticket with a real buyer created sold by the registration rule's insert form, an existing
 * unregistered one sold by the rule's update, each in one statement with its payment (rows sharing a reference and a
 * buyer share one, across batches too). A GCash reference another payment holds, or another buyer's in the same file,
 * is that row's error; any other row naming an existing number is skipped, never overwriting
 * anything. Voids in the file are applied to the new tickets last. One audit row records the
 * import, one more per sale. A failure anywhere (the worker's or a write's) rolls everything back.
 * Once committed, a large import refreshes the embedded database's statistics and starts sealing its
 * audit rows (decisions 265, 266).
 * Decisions: docs/decisions/031-tickets-import-rules.md, 050, 051, 080, 186, 215, 216, 265, 266.
 */
export async function importTickets(options: {
  payload: ImportTicketsPayload;
  principal: Principal;
  jobId?: string | null;
  signal?: AbortSignal;
}): Promise<ImportResult> {
  const csvData = options.payload.csvData;
  async function* slices() {
    const encoder = new TextEncoder();
    for (let i = 0; i < csvData.length; i += IMPORT_INPUT_SLICE_CHARS)
      yield encoder.encode(csvData.slice(i, i + IMPORT_INPUT_SLICE_CHARS));
  }
  return importTicketsCsv({
    csv: slices(),
    importedBy: options.payload.importedBy ?? null,
    principal: options.principal,
    jobId: options.jobId,
    signal: options.signal,
  });
}

/** Keeps the MAX_ERROR_LINES errors of lowest row, and counts them all. */
function errorCollector() {
  let kept: RowError[] = [];
  let count = 0;
  return {
    push(e: RowError) {
      count++;
      kept.push(e);
      if (kept.length >= 2 * MAX_ERROR_LINES) kept = kept.sort((a, b) => a.row - b.row).slice(0, MAX_ERROR_LINES);
    },
    get count() {
      return count;
    },
    lowest: () => kept.sort((a, b) => a.row - b.row).slice(0, MAX_ERROR_LINES),
  };
}
type ErrorSink = Pick<ReturnType<typeof errorCollector>, "push">;

/** The import of a CSV arriving as bytes (a request body streamed, or a JSON caller's csvData). */
export async function importTicketsCsv(options: {
  csv: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;
  importedBy: string | null;
  principal: Principal;
  jobId?: string | null;
  signal?: AbortSignal;
}): Promise<ImportResult> {
  requireAdmin(options.principal);
  const principal = options.principal;
  const user = principal.user;
  const { timezone } = await getSettings();
  const run = await startJob(ticketImportJob, {
    principal,
    input: { timeZone: timezone },
    input$: options.csv,
    signal: options.signal,
    id: options.jobId,
    completion: "manual",
  });
  const errors = errorCollector();
  let result: ImportResult;
  let errorCount = 0;
  try {
    // On the embedded database the whole file is read (in the job's worker) before the transaction
    // opens: the transaction holds its only session, so every other request waits for it, and it
    // then lasts only as long as the writes (decision 216). On PostgreSQL the transaction only
    // holds the number lock, and writing each batch while the worker reads the next is quicker.
    const buffered: ValidImportRow[][] | null = dbEngine() === "pglite" ? [] : null;
    if (buffered) for await (const batch of run.items) buffered.push(batch.rows);
    async function* batches() {
      if (!buffered) {
        for await (const batch of run.items) yield batch.rows;
        return;
      }
      for (const [i, rows] of buffered.entries()) {
        // What is written need not wait in memory until the commit.
        buffered[i] = [];
        yield rows;
      }
    }
    const outcome = await ticketTransaction(
      async (tx, checkpoint) => {
        await lockTicketNumbers(tx);
        const settings = await getSettings(tx);
        const limit = effectiveTicketLimit(settings.maxTicketLimit);
        const state: ImportState = {
          byReference: new Map(),
          created: [],
          registered: [],
          voided: [],
          sold: 0,
          skipped: 0,
        };
        let written = 0;
        for await (const rows of batches()) {
          await checkpoint();
          await writeBatch(tx, rows, { limit, settings, principal, errors, state });
          written += rows.length;
          run.progress({ rowsWritten: written });
        }
        const read = await run.result;
        const created = state.created.sort((a, b) => a - b);
        const registeredNumbers = state.registered.sort((a, b) => a - b);
        await writeAudit(tx, {
          actor: { id: user.id, email: user.email },
          action: "ticket.import",
          entityType: "ticket_import",
          after: {
            importedBy: options.importedBy,
            total: read.total,
            created: toRanges(created),
            registered: toRanges(registeredNumbers),
            sold: state.sold,
            voided: toRanges(state.voided.sort((a, b) => a - b)),
            skipped: state.skipped,
            errors: read.errorCount + errors.count,
          },
        });
        return { read, imported: created.length + registeredNumbers.length, skipped: state.skipped };
      },
      // The job's limits are the transaction's: past them its statement is cancelled and the lock freed.
      { job: run },
    );
    const { read } = outcome;
    // Instance-side errors (limit, existing tickets, references) are one per row, on rows the worker passed.
    const errorRows = read.errorRows + errors.count;
    errorCount = read.errorCount + errors.count;
    for (const e of read.errors) errors.push(e);
    const lines = errors.lowest().map((e) => e.text);
    if (errorCount > MAX_ERROR_LINES) lines.push(`... and ${errorCount - MAX_ERROR_LINES} more errors`);
    result = {
      success: errorCount === 0,
      message: importMessage({ total: read.total, imported: outcome.imported, skipped: outcome.skipped, errorRows }),
      total: read.total,
      imported: outcome.imported,
      skipped: outcome.skipped,
      errors: lines,
    };
  } catch (error) {
    run.fail(error);
    await run.finished;
    throw error;
  }
  run.complete({ total: result.total, imported: result.imported, skipped: result.skipped, errors: errorCount });
  // The job's row says "succeeded" before the answer arrives (the dialog's last poll agrees with it).
  await run.finished;
  // A bulk write leaves the embedded database's statistics behind (it has no autovacuum: decision
  // 265) and up to one audit row per ticket to seal: both done now, not in the next job's way.
  if (result.imported >= ANALYZE_AFTER_ROWS) {
    await refreshStatistics(["tickets", "payments", "audit_log"], result.imported);
    void sealSoon();
  }
  return result;
}

/** What the batches of one import share: payments by reference, and the numbers for the audit row. */
interface ImportState {
  /**
   * Every reference seen so far, with what a later row sharing it is compared with: only the first
   * row's number and buyer, not the row itself (two thirds of a 100,000-row file carry a reference,
   * and whole rows kept here were held until the end: decision 267).
   */
  byReference: Map<string, { plan: PaymentPlan; first: Pick<ValidImportRow, "row" | "buyer_name" | "phone_number"> }>;
  created: number[];
  registered: number[];
  voided: number[];
  sold: number;
  skipped: number;
}

/** One batch of valid rows, written as a whole file once was (the caller's transaction holds the lock). */
async function writeBatch(
  tx: Tx,
  rows: ValidImportRow[],
  o: {
    limit: number;
    settings: Awaited<ReturnType<typeof getSettings>>;
    principal: Principal;
    errors: ErrorSink;
    state: ImportState;
  },
) {
  const { errors, state, principal } = o;
  const user = principal.user;
  const withinLimit: ValidImportRow[] = [];
  for (const r of rows) {
    if (r.ticket_number > o.limit) errors.push(rowError(r.row, "Last 5 Digits", IMPORT_MESSAGES.aboveLimit(o.limit)));
    else withinLimit.push(r);
  }
  const plan = await planRows(tx, withinLimit, errors);
  const { keep, payments } = await planPayments(
    tx,
    [...plan.inserts.filter(sells), ...plan.registrations],
    errors,
    state.byReference,
  );
  const inserts = plan.inserts.filter((r) => !sells(r) || keep.has(r));
  const registrations = plan.registrations.filter((r) => keep.has(r));

  const ticketOptions = { user, prefix: o.settings.ticketPrefix, price: o.settings.ticketPrice.toString() };
  // A new ticket with a buyer is created sold, in one write; one without is inserted as it is.
  const inserted = await insertTickets(
    tx,
    inserts.filter((r) => !sells(r)),
    ticketOptions,
  );
  const created = await createSoldTickets(tx, inserts.filter(sells), payments, { ...ticketOptions, principal });
  for (const [n, id] of created) inserted.set(n, id);
  const sales: Sale[] = registrations.map((row) => ({ row, ticketId: plan.existingIds.get(row.ticket_number)! }));
  const sold = await sellTickets(tx, sales, payments, principal);
  await markWrittenPayments(tx, [...new Set(payments.values())]);
  const voided = await voidImported(
    tx,
    inserts
      .filter((r) => r.void_reason && inserted.has(r.ticket_number))
      .map((r) => ({ row: r, id: inserted.get(r.ticket_number)! })),
    user,
  );

  const registeredNumbers = registrations.filter((r) => sold.has(r.ticket_number)).map((r) => r.ticket_number);
  state.created.push(...inserted.keys());
  state.registered.push(...registeredNumbers);
  state.voided.push(...voided);
  state.sold += created.size + sold.size;
  // Rows that lost a race with a writer outside the allocation lock (a registration) are skipped too.
  state.skipped += plan.skipped + (inserts.length - inserted.size) + (registrations.length - registeredNumbers.length);
}

/**
 * A payment a batch wrote is an existing one for the next batches: rows further down the file that
 * share its reference and buyer add their tickets to it.
 */
async function markWrittenPayments(tx: Tx, plans: PaymentPlan[]) {
  const fresh = plans.filter((p) => !p.existing);
  if (fresh.length === 0) return;
  const ids = fresh.map((p) => p.id);
  const written = new Set(
    (await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM payments WHERE id = ANY(${ids}::uuid[])`).map(
      (r) => r.id,
    ),
  );
  for (const p of fresh) if (written.has(p.id)) p.existing = true;
}

function importMessage(r: { total: number; imported: number; skipped: number; errorRows: number }) {
  const parts = [`Imported ${r.imported} of ${r.total} ticket${r.total === 1 ? "" : "s"}`];
  if (r.skipped) parts.push(`${r.skipped} skipped (already in the system)`);
  if (r.errorRows) parts.push(`${r.errorRows} row${r.errorRows === 1 ? "" : "s"} with errors`);
  return parts.join(", ");
}

/** Sorts rows into new tickets, registrations of existing unregistered tickets, skips and errors: one read. */
async function planRows(tx: Tx, rows: ValidImportRow[], errors: ErrorSink) {
  const numbers = rows.map((r) => r.ticket_number);
  const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
  const controls = rows.flatMap((r) => (r.control_number ? [r.control_number] : []));
  const existing = rows.length
    ? await tx.$queryRaw<ExistingTicket[]>`
        SELECT ticket_number, id::text AS id, control_number, buyer_name, void_reason,
          registered_at IS NOT NULL AS is_registered, voided_at IS NOT NULL AS is_voided FROM tickets
        WHERE ticket_number = ANY(${numbers}::int[])
          OR id = ANY(${ids}::uuid[]) OR control_number = ANY(${controls}::text[])`
    : [];
  const byNumber = new Map(existing.map((t) => [t.ticket_number, t]));
  const byId = new Map(existing.map((t) => [t.id, t]));
  const byControl = new Map(existing.map((t) => [t.control_number, t]));
  const inserts: ValidImportRow[] = [];
  const registrations: ValidImportRow[] = [];
  const existingIds = new Map<number, string>();
  let skipped = 0;
  for (const r of rows) {
    const same = byNumber.get(r.ticket_number);
    if (same) {
      // An existing ticket is sold by its row only when it can be registered (lib/registrability.ts); else skipped.
      const wantsRegistration = registrability(same) === null && sells(r);
      if (!wantsRegistration) skipped++;
      else if (r.control_number && r.control_number.toUpperCase() !== same.control_number.toUpperCase())
        errors.push(
          rowError(
            r.row,
            "Control Number",
            IMPORT_MESSAGES.otherControlNumber(formatTicketNumber(r.ticket_number), same.control_number),
          ),
        );
      else if (!r.phone_number) errors.push(rowError(r.row, "Phone Number", TICKET_MESSAGES.registerPhone));
      else {
        registrations.push(r);
        existingIds.set(r.ticket_number, same.id);
      }
      continue;
    }
    const takenId = r.id ? byId.get(r.id) : undefined;
    const takenControl = r.control_number ? byControl.get(r.control_number) : undefined;
    if (takenId)
      errors.push(rowError(r.row, "Ticket ID", IMPORT_MESSAGES.alreadyUsed(formatTicketNumber(takenId.ticket_number))));
    else if (takenControl)
      errors.push(
        rowError(r.row, "Control Number", IMPORT_MESSAGES.alreadyUsed(formatTicketNumber(takenControl.ticket_number))),
      );
    else if (r.voided_at && !r.void_reason)
      errors.push(rowError(r.row, "Void Reason", IMPORT_MESSAGES.voidedAtWithoutReason));
    else inserts.push(r);
  }
  return { inserts, registrations, existingIds, skipped };
}

/**
 * One payment per sale, except that rows sharing a method and a reference and naming the same buyer
 * share one (one transfer for several tickets). A GCash reference a payment already holds, or one an
 * earlier row gave another buyer, makes the row an error (it is neither inserted nor registered).
 */
async function planPayments(
  tx: Tx,
  saleRows: ValidImportRow[],
  errors: ErrorSink,
  byReference: ImportState["byReference"],
) {
  const keep = new Set<ValidImportRow>();
  const payments = new Map<ValidImportRow, PaymentPlan>();
  const gcashReferences = [
    ...new Set(
      saleRows.flatMap((r) =>
        r.payment_method === "gcash" && normalizeReference(r.payment_reference)
          ? [normalizeReference(r.payment_reference)!]
          : [],
      ),
    ),
  ];
  const held = new Set(
    gcashReferences.length
      ? (
          await tx.$queryRaw<
            { ref: string }[]
          >`SELECT gcash_reference_key AS ref FROM payments WHERE gcash_reference_key = ANY(${gcashReferences}::text[])`
        ).map((r) => r.ref)
      : [],
  );
  for (const row of [...saleRows].sort((a, b) => a.row - b.row)) {
    const normalized = normalizeReference(row.payment_reference);
    const buyer = { name: row.buyer_name ?? "", phone: row.phone_number ?? null };
    const key = normalized ? `${row.payment_method}|${normalized}` : null;
    const shared = key ? byReference.get(key) : undefined;
    // A reference held by a payment this import wrote (an earlier batch) is shared, not refused.
    if (row.payment_method === "gcash" && normalized && held.has(normalized) && !shared) {
      const earlier = await findEarlierUse({ method: "gcash", normalized, tx });
      errors.push(
        rowError(
          row.row,
          "Payment Reference",
          earlier
            ? earlierUseMessage(normalized, earlier)
            : `Reference ${normalized} was already used for another payment`,
        ),
      );
      continue;
    }
    if (shared) {
      const firstBuyer = { name: shared.first.buyer_name ?? "", phone: shared.first.phone_number ?? null };
      if (row.payment_method === "gcash" && !isSameBuyer(firstBuyer, buyer)) {
        errors.push(
          rowError(
            row.row,
            "Payment Reference",
            `Reference ${normalized} was already used for row ${shared.first.row} (${shared.first.buyer_name})`,
          ),
        );
        continue;
      }
      if (isSameBuyer(firstBuyer, buyer)) {
        payments.set(row, shared.plan);
        keep.add(row);
        continue;
      }
    }
    const plan = newPayment({
      key: `r${row.row}`,
      method: row.payment_method,
      reference: row.payment_reference ?? null,
      buyer,
    });
    if (key && !shared)
      byReference.set(key, {
        plan,
        first: { row: row.row, buyer_name: row.buyer_name, phone_number: row.phone_number },
      });
    payments.set(row, plan);
    keep.add(row);
  }
  return { keep, payments };
}

/** One INSERT for every new ticket; returns number → id of those actually inserted. */
async function insertTickets(
  tx: Tx,
  rows: ValidImportRow[],
  o: { user: Principal["user"]; prefix: string; price: string },
) {
  if (rows.length === 0) return new Map<number, string>();
  const inserted = await tx.$queryRaw<{ n: number; id: string }[]>(insertTicketsStatement(rows, o));
  return new Map(inserted.map((r) => [r.n, r.id]));
}

/** New tickets with a buyer, created sold by the registration rule's insert form; returns number → id of those created.
 */
async function createSoldTickets(
  tx: Tx,
  rows: ValidImportRow[],
  payments: Map<ValidImportRow, PaymentPlan>,
  o: { principal: Principal; prefix: string; price: string },
) {
  if (rows.length === 0) return new Map<number, string>();
  const { plans, statement } = createSoldTicketsStatement(rows, payments, o);
  const created = await runRegistration(() => tx.$queryRaw<{ n: number; id: string }[]>(statement), plans, {
    name: "",
    phone: null,
  });
  return new Map(created.map((r) => [r.n, r.id]));
}

/**
 * The registration rule (server/tickets/registration.ts) over every sale of an existing ticket at once; returns the
 * numbers sold.
 */
async function sellTickets(tx: Tx, sales: Sale[], payments: Map<ValidImportRow, PaymentPlan>, principal: Principal) {
  if (sales.length === 0) return new Set<number>();
  const { plans, statement } = sellTicketsStatement(sales, payments, principal);
  const sold = await runRegistration(() => tx.$queryRaw<{ ticket_number: number }[]>(statement), plans, {
    name: "",
    phone: null,
  });
  return new Set(sold.map((t) => t.ticket_number));
}

/** Voids read from the file, on the tickets this import created. */
async function voidImported(tx: Tx, rows: { row: ValidImportRow; id: string }[], user: Principal["user"]) {
  if (rows.length === 0) return [];
  const voided = await tx.$queryRaw<{ n: number }[]>(voidImportedStatement(rows, user));
  return voided.map((r) => r.n).sort((a, b) => a - b);
}
