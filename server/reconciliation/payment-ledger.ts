import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { formatPeso } from "@/lib/format";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import {
  LEDGER_METHOD_LABELS,
  ledgerBlockerMessage,
  ledgerListHref,
  type LedgerEvidence,
  type LedgerFigure,
  type LedgerList,
  type LedgerMethod,
  type LedgerPayment,
  type LedgerState,
  type LedgerSummary,
} from "@/lib/payment-ledger";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";

// The payment ledger (issue 37, docs/decisions/193): the ONE place that says where a GCash or bank
// payment stands. Close sales, Close-out's blockers, the Reconciliation summary and tabs, the
// remittance report and the summary PDF all read LEDGER below; nothing else decides "verified".
//
// A payment is in the ledger when it is GCash or a bank transfer, not rejected, and at least one of
// its tickets is not voided (a voided sale is in no figure). Its state, first rule that holds:
//   verified           its matched statement lines reach its amount (payments.status, the trigger's);
//   settled_by_hand    an administrator settled it with a reason (settled_at);
//   unverified         a kept statement of its method covers its collection day (Manila), or a kept
//                      line already names it (its lines fall short or wait for a decision);
//   awaiting_statement otherwise: no kept statement of its method covers its day yet.

type Reader = Prisma.TransactionClient | ReturnType<typeof db>;

/** Statement kind that speaks for each method. */
const KIND_OF_METHOD: Record<LedgerMethod, string> = { gcash: "gcash_pdf", bank_transfer: "bank_csv" };

/** One row per ledger payment: id, method, amount, state. Used as a subquery by every reader. */
export const LEDGER = Prisma.sql`(
  SELECT p.id, p.method, p.reference, p.amount_expected AS amount, p.collected_at, p.payer_name, p.collected_by_id,
    p.settled_at, p.settled_by_id, p.settle_reason,
    coalesce((SELECT sum(l.amount) FROM statement_lines l WHERE l.payment_id = p.id AND l.state = 'matched'), 0) AS
  covered,
    CASE
      WHEN p.status = 'verified' THEN 'verified'
      WHEN p.settled_at IS NOT NULL THEN 'settled_by_hand'
      WHEN EXISTS (SELECT 1 FROM statement_imports i
                   WHERE i.kind = CASE p.method WHEN 'gcash' THEN ${KIND_OF_METHOD.gcash} ELSE
  ${KIND_OF_METHOD.bank_transfer} END
                     AND i.discarded_at IS NULL
                     AND (p.collected_at AT TIME ZONE 'Asia/Manila')::date BETWEEN i.period_from AND i.period_to)
        OR EXISTS (SELECT 1 FROM statement_lines l WHERE l.payment_id = p.id AND l.state IN ('matched',
  'amount_mismatch', 'duplicate'))
        THEN 'unverified'
      ELSE 'awaiting_statement'
    END AS state
  FROM payments p
  WHERE p.method IN ('gcash', 'bank_transfer') AND p.status <> 'rejected'
    AND EXISTS (SELECT 1 FROM tickets t WHERE t.payment_id = p.id AND t.voided_at IS NULL)
)`;

const money = (v: unknown) => centavosToAmount(amountToCentavos(String(v ?? 0)));
const figure = (count: unknown, total: unknown): LedgerFigure => ({ count: Number(count ?? 0), total: money(total) });

/** Count and total of the ledger's payments in one state (and method): the blockers' numbers. */
export async function ledgerFigure(
  reader: Reader,
  options: { state: LedgerState; method?: LedgerMethod },
): Promise<LedgerFigure> {
  const [row] = await reader.$queryRaw<{ n: bigint; total: Prisma.Decimal | null }[]>`
    SELECT count(*) AS n, coalesce(sum(x.amount), 0) AS total FROM ${LEDGER} x
    WHERE x.state = ${options.state} AND (${options.method ?? null}::text IS NULL OR x.method =
    ${options.method ?? null}::text)`;
  return figure(row?.n, row?.total);
}

/** Every figure of GET /api/reconciliation/summary, the summary PDF, the Overview and Close-out. */
export async function readLedgerSummary(reader: Reader): Promise<LedgerSummary> {
  const rows = await reader.$queryRaw<{ state: LedgerState; n: bigint; total: Prisma.Decimal }[]>`
    SELECT x.state, count(*) AS n, coalesce(sum(x.amount), 0) AS total FROM ${LEDGER} x GROUP BY x.state`;
  const [cash] = await reader.$queryRaw<{ n: bigint; total: Prisma.Decimal }[]>`
    SELECT count(*) AS n, coalesce(sum(amount), 0) AS total FROM remittances WHERE voided_at IS NULL`;
  const of = (state: LedgerState) => rows.find((r) => r.state === state);
  const pick = (state: LedgerState) => figure(of(state)?.n, of(state)?.total);
  const claimedCentavos = rows.reduce((sum, r) => sum + amountToCentavos(String(r.total)), 0);
  return {
    claimed: { count: rows.reduce((n, r) => n + Number(r.n), 0), total: centavosToAmount(claimedCentavos) },
    verified: pick("verified"),
    settledByHand: pick("settled_by_hand"),
    unverified: pick("unverified"),
    awaitingStatement: pick("awaiting_statement"),
    cashRemitted: figure(cash?.n, cash?.total),
  };
}

/** GET /api/reconciliation/summary (administrators). */
export async function ledgerSummary(options: { principal: Principal }): Promise<LedgerSummary> {
  requireAdmin(options.principal);
  return readLedgerSummary(db());
}

interface LedgerDbRow {
  id: string;
  method: LedgerMethod;
  reference: string | null;
  amount: Prisma.Decimal;
  covered: Prisma.Decimal;
  state: LedgerState;
  collected_at: Date;
  payer_name: string | null;
  collected_by: string | null;
  settled_at: Date | null;
  settled_by: string | null;
  settle_reason: string | null;
  control_numbers: string[] | null;
  evidence: LedgerEvidence | null;
}

function fixFor(r: LedgerDbRow): string {
  const method = LEDGER_METHOD_LABELS[r.method];
  const day = r.collected_at.toLocaleDateString("en-CA", { timeZone: "Asia/Manila" });
  switch (r.state) {
    case "verified":
      return "Nothing to do (un-verify it if the line was wrong)";
    case "settled_by_hand":
      return "Nothing to do (undo the settlement until Close if it was wrong)";
    case "unverified":
      return amountToCentavos(String(r.covered)) > 0
        ? `Its lines come to ${formatPeso(money(r.covered))} of ${formatPeso(money(r.amount))}: ` +
            `match the rest, or settle by hand if the difference came another way`
        : `No ${method} statement line carries reference ${r.reference ?? "(none)"}: match its ` +
            `line if it arrived under another reference, or settle by hand with a reason`;
    case "awaiting_statement":
      return `Import the ${method} statement covering ${day}, or settle by hand with a reason`;
  }
}

/** GET /api/reconciliation/payments?state=&method= (administrators): the ledger's payments, oldest first. */
export async function listLedgerPayments(options: {
  principal: Principal;
  state?: LedgerState;
  method?: LedgerMethod;
}): Promise<LedgerList> {
  requireAdmin(options.principal);
  return readLedgerPayments(db(), options);
}

/** The ledger's payments in one state and method (either optional), for the callers that checked access. */
export async function readLedgerPayments(
  reader: Reader,
  options: { state?: LedgerState; method?: LedgerMethod },
): Promise<LedgerList> {
  const rows = await reader.$queryRaw<LedgerDbRow[]>`
    SELECT x.id::text AS id, x.method, x.reference, x.amount, x.covered, x.state, x.collected_at, x.payer_name,
    x.settled_at, x.settle_reason,
      (SELECT coalesce(nullif(btrim(u.display_name), ''), u.email) FROM users u WHERE u.id = x.collected_by_id) AS
    collected_by,
      (SELECT coalesce(nullif(btrim(u.display_name), ''), u.email) FROM users u WHERE u.id = x.settled_by_id) AS
    settled_by,
      (SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = x.id) AS
    control_numbers,
      (SELECT jsonb_build_object('id', e.id, 'fileName', e.file_name, 'fileSize', e.file_size, 'contentType',
    e.content_type, 'sha256', e.sha256,
                'removed', e.removed_at IS NOT NULL)
         FROM payment_settle_evidence e WHERE e.payment_id = x.id AND e.settled_at = x.settled_at) AS evidence
    FROM ${LEDGER} x
    WHERE (${options.state ?? null}::text IS NULL OR x.state = ${options.state ?? null}::text)
      AND (${options.method ?? null}::text IS NULL OR x.method = ${options.method ?? null}::text)
    ORDER BY x.collected_at, x.id`;
  const payments: LedgerPayment[] = rows.map((r) => ({
    paymentId: r.id,
    method: r.method,
    reference: r.reference,
    amount: money(r.amount),
    state: r.state,
    controlNumbers: r.control_numbers ?? [],
    covered: money(r.covered),
    paidAt: r.collected_at.toISOString(),
    payerName: r.payer_name,
    collectedBy: r.collected_by,
    settledAt: r.settled_at?.toISOString() ?? null,
    settledBy: r.settled_by,
    settleReason: r.settle_reason,
    evidence: r.evidence,
    fix: fixFor(r),
  }));
  const total = payments.reduce((sum, p) => sum + amountToCentavos(p.amount), 0);
  return { payments, count: payments.length, total: centavosToAmount(total) };
}

/** The ledger's blocking items, for Close sales and Close: ids, in order. */
export const LEDGER_BLOCKER_ITEMS = ["unverified_payments", "awaiting_statement"] as const;

/**
 * What still blocks Close sales and Close on the money side: the unverified payments and those still
 * awaiting a statement, each with the count and total of exactly the list its href opens.
 */
export async function ledgerBlockers(
  reader: Reader,
): Promise<{ item: (typeof LEDGER_BLOCKER_ITEMS)[number]; message: string; href: string }[]> {
  const [unverified, awaiting] = await Promise.all([
    ledgerFigure(reader, { state: "unverified" }),
    ledgerFigure(reader, { state: "awaiting_statement" }),
  ]);
  const items: { item: (typeof LEDGER_BLOCKER_ITEMS)[number]; message: string; href: string }[] = [];
  if (unverified.count)
    items.push({
      item: "unverified_payments",
      message: ledgerBlockerMessage("unverified", unverified.count, unverified.total),
      href: ledgerListHref("unverified"),
    });
  if (awaiting.count)
    items.push({
      item: "awaiting_statement",
      message: ledgerBlockerMessage("awaiting_statement", awaiting.count, awaiting.total),
      href: ledgerListHref("awaiting_statement"),
    });
  return items;
}
