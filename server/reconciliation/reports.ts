import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { csvLine as rawCsvLine, neutraliseCell } from "@/lib/csv/ticket-csv";
import { formatCsvDateTime, formatStatementCsvTime } from "@/lib/format";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import type { ReportAnswer, ReportName, UnverifiedClaim } from "@/lib/schemas/reconciliation";
import type { LineReportRow } from "@/lib/schemas/reconciliation-answers";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { readLedgerPayments } from "@/server/reconciliation/payment-ledger";
import { getSettings } from "@/server/settings/get-settings";

const csvLine = (values: (string | null)[]) => rawCsvLine(values.map((v) => (v === null ? null : neutraliseCell(v))));
const money = (v: unknown) => centavosToAmount(amountToCentavos(String(v)));

export type UnverifiedClaimRow = UnverifiedClaim;

export type { LineReportRow };

/**
 * Unverified claims (docs/reconciliation.md): the payment ledger's `unverified` payments, GCash and
 * bank alike (server/reconciliation/payment-ledger.ts, the one definition).
 */
async function unverifiedClaims(): Promise<UnverifiedClaimRow[]> {
  const { payments } = await readLedgerPayments(db(), { state: "unverified" });
  return payments.map((p) => ({
    paymentId: p.paymentId,
    method: p.method,
    reference: p.reference,
    amount: p.amount,
    controlNumbers: p.controlNumbers,
    paidAt: p.paidAt,
    collectedBy: p.collectedBy,
    payerName: p.payerName,
  }));
}

const LINE_STATE_OF: Record<Exclude<ReportName, "unverified-claims">, string> = {
  unmatched: "unmatched",
  mismatches: "amount_mismatch",
  duplicates: "duplicate",
  matched: "matched",
};

async function linesInState(state: string): Promise<LineReportRow[]> {
  const rows = await db().$queryRaw<
    {
      id: string;
      import_id: string;
      account_label: string;
      occurred_at: Date;
      description: string;
      reference: string | null;
      amount: Prisma.Decimal;
      state: string;
      match_kind: string | null;
      payment_id: string | null;
      payment_amount: Prisma.Decimal | null;
      control_numbers: string[] | null;
      note: string | null;
    }[]
  >`
    SELECT l.id::text AS id, l.import_id::text AS import_id, l.account_label, l.occurred_at, l.description, l.reference,
    l.amount, l.state, l.match_kind,
      l.payment_id::text AS payment_id, p.amount_expected AS payment_amount, l.note,
      (SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = l.payment_id) AS
    control_numbers
    FROM statement_lines l LEFT JOIN payments p ON p.id = l.payment_id
    WHERE l.state = ${state}
    ORDER BY l.occurred_at, l.account_label, l.line_no, l.id`;
  return rows.map((r) => ({
    lineId: r.id,
    importId: r.import_id,
    accountLabel: r.account_label,
    occurredAt: r.occurred_at.toISOString(),
    description: r.description,
    reference: r.reference,
    amount: money(r.amount),
    state: r.state,
    matchKind: r.match_kind,
    paymentId: r.payment_id,
    paymentAmount: r.payment_amount === null ? null : money(r.payment_amount),
    controlNumbers: r.control_numbers ?? [],
    note: r.note,
  }));
}

/** GET /api/reconciliation/reports/{name}: `{rows, count, total}` (total: the rows' amounts, pesos). */
export async function reconciliationReport(options: {
  principal: Principal;
  name: ReportName;
}): Promise<ReportAnswer<UnverifiedClaimRow | LineReportRow>> {
  requireAdmin(options.principal);
  const rows =
    options.name === "unverified-claims" ? await unverifiedClaims() : await linesInState(LINE_STATE_OF[options.name]);
  const total = rows.reduce((sum, r) => sum + amountToCentavos(r.amount), 0);
  return { rows, count: rows.length, total: centavosToAmount(total) };
}

/**
 * The same report as CSV (formula-looking cells neutralised, as the tickets export does); times in
 * the raffle's timezone with its offset, a statement line without a time as its date (decision 230).
 */
export async function reportCsv(
  name: ReportName,
  answer: ReportAnswer<UnverifiedClaimRow | LineReportRow>,
): Promise<string> {
  const { timezone } = await getSettings();
  if (name === "unverified-claims") {
    const head = ["Payment ID", "Reference", "Amount", "Control numbers", "Paid at", "Collected by", "Payer", "Method"];
    const body = (answer.rows as UnverifiedClaimRow[]).map((r) =>
      csvLine([
        r.paymentId,
        r.reference,
        r.amount,
        r.controlNumbers.join(" "),
        formatCsvDateTime(r.paidAt, timezone),
        r.collectedBy,
        r.payerName,
        r.method,
      ]),
    );
    return [csvLine(head), ...body].join("\r\n") + "\r\n";
  }
  const head = [
    "Line ID",
    "Account",
    "Time",
    "Description",
    "Reference",
    "Amount",
    "State",
    "Match",
    "Payment ID",
    "Payment amount",
    "Control numbers",
    "Note",
  ];
  const body = (answer.rows as LineReportRow[]).map((r) =>
    csvLine([
      r.lineId,
      r.accountLabel,
      formatStatementCsvTime(r.occurredAt, timezone),
      r.description,
      r.reference,
      r.amount,
      r.state,
      r.matchKind,
      r.paymentId,
      r.paymentAmount,
      r.controlNumbers.join(" "),
      r.note,
    ]),
  );
  return [csvLine(head), ...body].join("\r\n") + "\r\n";
}
