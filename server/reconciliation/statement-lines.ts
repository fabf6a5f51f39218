import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import type {
  Candidate,
  ImportsAnswer,
  LineState,
  LinesPage,
  StatementImportRow,
  StatementLineRow,
} from "@/lib/schemas/reconciliation";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { PAYMENT_METHOD_OF } from "@/server/reconciliation/import-statement";

const money = (v: unknown) => centavosToAmount(amountToCentavos(String(v)));

interface ImportDbRow {
  id: string;
  kind: StatementImportRow["kind"];
  account_label: string;
  file_name: string;
  file_sha256: string;
  period_from: string | null;
  period_to: string | null;
  lines_read: number;
  lines_new: number;
  lines_skipped: number;
  uploaded_by: string | null;
  created_at: Date;
  discarded_at: Date | null;
  discard_reason: string | null;
}

/** GET /api/reconciliation/imports: every import, newest first (administrators). */
export async function listImports(options: { principal: Principal }): Promise<ImportsAnswer> {
  requireAdmin(options.principal);
  const rows = await db().$queryRaw<ImportDbRow[]>`
    SELECT i.id::text AS id, i.kind, i.account_label, i.file_name, i.file_sha256, to_char(i.period_from, 'YYYY-MM-DD')
    AS period_from,
      to_char(i.period_to, 'YYYY-MM-DD') AS period_to, i.lines_read, i.lines_new, i.lines_skipped,
      (SELECT coalesce(nullif(btrim(u.display_name), ''), u.email) FROM users u WHERE u.id = i.uploaded_by_id) AS
    uploaded_by,
      i.created_at, i.discarded_at, i.discard_reason
    FROM statement_imports i ORDER BY i.created_at DESC, i.id`;
  return {
    imports: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      accountLabel: r.account_label,
      fileName: r.file_name,
      fileSha256: r.file_sha256,
      periodFrom: r.period_from,
      periodTo: r.period_to,
      lines: r.lines_read,
      new: r.lines_new,
      skipped: r.lines_skipped,
      uploadedBy: r.uploaded_by,
      createdAt: r.created_at.toISOString(),
      discardedAt: r.discarded_at?.toISOString() ?? null,
      discardReason: r.discard_reason,
    })),
  };
}

interface LineDbRow {
  id: string;
  import_id: string;
  account_label: string;
  line_no: number;
  occurred_at: Date;
  description: string;
  reference: string | null;
  reference_normalized: string | null;
  amount: Prisma.Decimal;
  state: LineState;
  match_kind: string | null;
  payment_id: string | null;
  note: string | null;
  kind: StatementImportRow["kind"];
}

interface CandidateDbRow {
  method: string;
  by_reference: boolean;
  line_id: string;
  payment_id: string;
  control_numbers: string[] | null;
  amount: Prisma.Decimal;
  payer_name: string | null;
  days: number;
  name_hit: string | null;
}

/**
 * Suggestions for unmatched lines (decisions 113 and 194). A line whose reference a payment carries
 * is suggested for that payment only (of either method: a GCash reference on a bank line is shown as
 * such and needs a comment), never for a different one: its money is that payment's. A line whose
 * reference no payment carries: claimed payments of the line's method whose amount equals the line's,
 * collected within 2 days of it; those whose payer's name appears in the line's description first,
 * then the nearest in time; at most 5. Payments whose tickets are all voided are never suggested. A
 * person confirms one (never automatic).
 */
async function candidatesFor(lines: LineDbRow[]): Promise<Map<string, Candidate[]>> {
  const open = lines.filter((l) => l.state === "unmatched");
  const out = new Map<string, Candidate[]>();
  if (!open.length) return out;
  const rows = await db().$queryRaw<CandidateDbRow[]>`
    WITH l AS (
      SELECT * FROM unnest(${open.map((l) => l.id)}::text[],
    ${open.map((l) => l.occurred_at.toISOString())}::timestamptz[], ${open.map((l) => String(l.amount))}::numeric[],
                           ${open.map((l) => l.description)}::text[],
    ${open.map((l) => PAYMENT_METHOD_OF[l.kind])}::text[], ${open.map((l) => l.reference_normalized)}::text[])
        AS x(id, at, amount, description, method, ref)
    ),
    live AS (
      SELECT p.* FROM payments p WHERE p.status = 'claimed' AND EXISTS (SELECT 1 FROM tickets t WHERE t.payment_id =
    p.id AND t.voided_at IS NULL)
    )
    SELECT c.line_id, c.payment_id, c.control_numbers, c.amount, c.payer_name, c.days, c.name_hit, c.method,
    c.by_reference FROM l
    CROSS JOIN LATERAL (
      SELECT l.id AS line_id, p.id::text AS payment_id, p.amount_expected AS amount, p.payer_name, p.method, (l.ref IS
    NOT NULL AND p.reference_normalized = l.ref) AS by_reference,
        (SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = p.id) AS
    control_numbers,
        -- Calendar days in Manila (the raffle's time, as statements are read): 09:20 and 21:49 of
        -- one date are the same day, not "1 day apart" as rounded 24-hour spans made them.
        abs((p.collected_at AT TIME ZONE 'Asia/Manila')::date - (l.at AT TIME ZONE 'Asia/Manila')::date) AS days,
        (SELECT w FROM regexp_split_to_table(upper(coalesce(p.payer_name, '')), '[[:space:]]+') AS w
          WHERE length(w) >= 3 AND position(w IN upper(l.description)) > 0 LIMIT 1) AS name_hit
      FROM live p
      WHERE CASE
          -- The line's reference is a payment's: that payment or none (never a different one).
          WHEN l.ref IS NOT NULL
            AND EXISTS (SELECT 1 FROM payments o WHERE o.reference_normalized = l.ref AND o.status <> 'rejected')
            THEN p.reference_normalized = l.ref
          ELSE p.method = l.method AND p.amount_expected = l.amount
            AND p.collected_at BETWEEN l.at - interval '2 days' AND l.at + interval '2 days'
        END
        AND NOT EXISTS (SELECT 1 FROM statement_lines x
                        WHERE x.payment_id = p.id AND x.state IN ('matched', 'amount_mismatch', 'duplicate'))
      ORDER BY (SELECT count(*) FROM regexp_split_to_table(upper(coalesce(p.payer_name, '')), '[[:space:]]+') AS w
                 WHERE length(w) >= 3 AND position(w IN upper(l.description)) > 0) DESC,
               abs(extract(epoch FROM (p.collected_at - l.at))), p.id
      LIMIT 5
    ) c`;
  const methodOf = new Map(open.map((l) => [l.id, PAYMENT_METHOD_OF[l.kind]]));
  for (const r of rows) {
    const list = out.get(r.line_id) ?? [];
    const when = r.days === 0 ? "same day" : `${r.days} day${r.days === 1 ? "" : "s"} apart`;
    const crossMethod = r.method !== methodOf.get(r.line_id);
    const reason = r.by_reference
      ? crossMethod
        ? `Its ${r.method === "gcash" ? "GCash" : "bank"} reference is on ` +
          `this ${r.method === "gcash" ? "bank" : "GCash"} line: another method, a comment is ` +
          `required`
        : `Same reference, ${when}`
      : `Same amount, ${when}${r.name_hit ? `; the description names ${r.name_hit}` : ""}`;
    list.push({
      paymentId: r.payment_id,
      controlNumbers: r.control_numbers ?? [],
      amount: money(r.amount),
      payerName: r.payer_name,
      reason,
      crossMethod,
      method: r.method,
    });
    out.set(r.line_id, list);
  }
  return out;
}

/** GET /api/reconciliation/lines?state=&importId=&page=&pageSize=: lines in time order, with suggestions. */
export async function listLines(options: {
  principal: Principal;
  state?: LineState;
  importId?: string;
  page: number;
  pageSize: number;
}): Promise<LinesPage> {
  requireAdmin(options.principal);
  const where = Prisma.sql`WHERE (${options.state ?? null}::text IS NULL OR l.state = ${options.state ?? null}::text)
    AND (${options.importId ?? null}::uuid IS NULL OR l.import_id = ${options.importId ?? null}::uuid)`;
  const [{ n }] = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM statement_lines l ${where}`;
  const rows = await db().$queryRaw<LineDbRow[]>`
    SELECT l.id::text AS id, l.import_id::text AS import_id, l.account_label, l.line_no, l.occurred_at, l.description,
    l.reference, l.reference_normalized, l.amount,
      l.state, l.match_kind, l.payment_id::text AS payment_id, l.note, i.kind
    FROM statement_lines l JOIN statement_imports i ON i.id = l.import_id ${where}
    ORDER BY l.occurred_at, l.account_label, l.line_no, l.id
    LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`;
  const candidates = await candidatesFor(rows);
  return {
    lines: rows.map((r) => toLineRow(r, candidates.get(r.id) ?? [])),
    page: options.page,
    pageSize: options.pageSize,
    total: Number(n),
  };
}

function toLineRow(r: LineDbRow, candidates: Candidate[]): StatementLineRow {
  return {
    id: r.id,
    importId: r.import_id,
    accountLabel: r.account_label,
    lineNo: r.line_no,
    occurredAt: r.occurred_at.toISOString(),
    description: r.description,
    reference: r.reference,
    amount: money(r.amount),
    state: r.state,
    matchKind: r.match_kind,
    paymentId: r.payment_id,
    note: r.note,
    candidates,
  };
}
