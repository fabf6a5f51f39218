import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { csvLine as rawCsvLine, neutraliseCell } from "@/lib/csv/ticket-csv";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import type { ReportAnswer, ReportName, UnverifiedClaim } from "@/lib/schemas/reconciliation";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";

const csvLine = (values: (string | null)[]) => rawCsvLine(values.map((v) => (v === null ? null : neutraliseCell(v))));
const money = (v: unknown) => centavosToAmount(amountToCentavos(String(v)));

export type UnverifiedClaimRow = UnverifiedClaim;

export interface LineReportRow {
  lineId: string;
  importId: string;
  accountLabel: string;
  occurredAt: string;
  description: string;
  reference: string | null;
  amount: string;
  state: string;
  matchKind: string | null;
  paymentId: string | null;
  paymentAmount: string | null;
  controlNumbers: string[];
  note: string | null;
}

/**
 * Unverified claims (docs/reconciliation.md): GCash payments staff entered, still claimed, whose
 * collection day (Manila) is covered by a kept GCash statement import, and whose reference no kept
 * line carries — the sign of a typed fake reference. Payments whose tickets are all voided are left out.
 */
async function unverifiedClaims(): Promise<UnverifiedClaimRow[]> {
  const rows = await db().$queryRaw<
    { id: string; reference: string | null; amount: Prisma.Decimal; control_numbers: string[] | null; collected_at: Date; collected_by: string | null; payer_name: string | null }[]
  >`
    SELECT p.id::text AS id, p.reference, p.amount_expected AS amount, p.collected_at, p.payer_name,
      (SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = p.id) AS control_numbers,
      (SELECT coalesce(nullif(btrim(u.display_name), ''), u.email) FROM users u WHERE u.id = p.collected_by_id) AS collected_by
    FROM payments p
    WHERE p.method = 'gcash' AND p.status = 'claimed'
      AND EXISTS (SELECT 1 FROM tickets t WHERE t.payment_id = p.id AND t.voided_at IS NULL)
      AND EXISTS (SELECT 1 FROM statement_imports i WHERE i.kind = 'gcash_pdf' AND i.discarded_at IS NULL
                  AND (p.collected_at AT TIME ZONE 'Asia/Manila')::date BETWEEN i.period_from AND i.period_to)
      AND NOT EXISTS (SELECT 1 FROM statement_lines l WHERE l.reference_normalized = p.reference_normalized AND l.state <> 'discarded')
    ORDER BY p.collected_at, p.id`;
  return rows.map((r) => ({
    paymentId: r.id,
    reference: r.reference,
    amount: money(r.amount),
    controlNumbers: r.control_numbers ?? [],
    paidAt: r.collected_at.toISOString(),
    collectedBy: r.collected_by,
    payerName: r.payer_name,
  }));
}

const LINE_STATE_OF: Record<Exclude<ReportName, "unverified-claims">, string> = { unmatched: "unmatched", mismatches: "amount_mismatch", duplicates: "duplicate", matched: "matched" };

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
    SELECT l.id::text AS id, l.import_id::text AS import_id, l.account_label, l.occurred_at, l.description, l.reference, l.amount, l.state, l.match_kind,
      l.payment_id::text AS payment_id, p.amount_expected AS payment_amount, l.note,
      (SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = l.payment_id) AS control_numbers
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
export async function reconciliationReport(options: { principal: Principal; name: ReportName }): Promise<ReportAnswer<UnverifiedClaimRow | LineReportRow>> {
  requireAdmin(options.principal);
  const rows = options.name === "unverified-claims" ? await unverifiedClaims() : await linesInState(LINE_STATE_OF[options.name]);
  const total = rows.reduce((sum, r) => sum + amountToCentavos(r.amount), 0);
  return { rows, count: rows.length, total: centavosToAmount(total) };
}

/** The same report as CSV (formula-looking cells neutralised, as the tickets export does). */
export function reportCsv(name: ReportName, answer: ReportAnswer<UnverifiedClaimRow | LineReportRow>): string {
  if (name === "unverified-claims") {
    const head = ["Payment ID", "Reference", "Amount", "Control numbers", "Paid at", "Collected by", "Payer"];
    const body = (answer.rows as UnverifiedClaimRow[]).map((r) => csvLine([r.paymentId, r.reference, r.amount, r.controlNumbers.join(" "), r.paidAt, r.collectedBy, r.payerName]));
    return [csvLine(head), ...body].join("\r\n") + "\r\n";
  }
  const head = ["Line ID", "Account", "Time", "Description", "Reference", "Amount", "State", "Match", "Payment ID", "Payment amount", "Control numbers", "Note"];
  const body = (answer.rows as LineReportRow[]).map((r) =>
    csvLine([r.lineId, r.accountLabel, r.occurredAt, r.description, r.reference, r.amount, r.state, r.matchKind, r.paymentId, r.paymentAmount, r.controlNumbers.join(" "), r.note]),
  );
  return [csvLine(head), ...body].join("\r\n") + "\r\n";
}
