import "server-only";
import { createHash } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { centavosToAmount } from "@/lib/money";
import type {
  ImportCommitted,
  ImportFields,
  ImportPreview,
  PreviewLine,
  StatementKind,
} from "@/lib/schemas/reconciliation";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { decideStates, type Decision, type PaymentForMatching } from "@/server/reconciliation/decide-states";
import { parseStatement } from "@/server/reconciliation/parse-statement";
import { lockReconciliation } from "@/server/reconciliation/reconciliation-lock";
import type { ParsedLine } from "@/server/reconciliation/statement-values";
import { isUniqueViolation } from "@/server/tickets/ticket-transaction";

type Reader = Prisma.TransactionClient | ReturnType<typeof db>;

/** GCash lines match GCash payments; bank lines match bank-transfer payments (issue 21). */
export const PAYMENT_METHOD_OF: Record<StatementKind, string> = { gcash_pdf: "gcash", bank_csv: "bank_transfer" };

interface EarlierImport {
  id: string;
  file_name: string;
  day: string;
}

async function findEarlierImport(reader: Reader, sha256: string) {
  const [row] = await reader.$queryRaw<EarlierImport[]>`
    SELECT i.id::text AS id, i.file_name, to_char(i.created_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day
    FROM statement_imports i WHERE i.file_sha256 = ${sha256}`;
  return row ?? null;
}

const duplicateFile = (earlier: EarlierImport) =>
  new AppError("duplicate_file", `Already imported on ${earlier.day} as import ${earlier.id} (${earlier.file_name})`, {
    extra: { importId: earlier.id },
  });

/** The checksums among `lines` this account already has (an overlapping statement's days). */
async function existingChecksums(reader: Reader, accountLabel: string, lines: ParsedLine[]) {
  if (!lines.length) return new Set<string>();
  const rows = await reader.$queryRaw<{ checksum: string }[]>`
    SELECT checksum FROM statement_lines WHERE account_label = ${accountLabel} AND checksum =
    ANY(${lines.map((l) => l.checksum)}::text[])`;
  return new Set(rows.map((r) => r.checksum));
}

/** The payments the lines' references name, with what their matched lines already cover. */
async function paymentsFor(reader: Reader, kind: StatementKind, lines: ParsedLine[]): Promise<PaymentForMatching[]> {
  const refs = [...new Set(lines.map((l) => l.referenceNormalized).filter((r): r is string => r !== null))];
  if (!refs.length) return [];
  const rows = await reader.$queryRaw<
    { id: string; ref: string; expected: bigint; covered: bigint; collected_at: Date }[]
  >`
    SELECT p.id::text AS id, p.reference_normalized AS ref, (p.amount_expected * 100)::bigint AS expected,
      coalesce((SELECT (sum(l.amount) * 100)::bigint FROM statement_lines l WHERE l.payment_id = p.id AND l.state =
    'matched'), 0) AS covered,
      p.collected_at
    FROM payments p
    WHERE p.method = ${PAYMENT_METHOD_OF[kind]} AND p.status <> 'rejected' AND p.reference_normalized =
    ANY(${refs}::text[])
      -- A payment whose tickets are all voided is never matched automatically (issue 37): its line
      -- stays unmatched for a person to decide.
      AND EXISTS (SELECT 1 FROM tickets t WHERE t.payment_id = p.id AND t.voided_at IS NULL)`;
  return rows.map((r) => ({
    id: r.id,
    referenceNormalized: r.ref,
    expected: Number(r.expected),
    covered: Number(r.covered),
    collectedAt: r.collected_at.toISOString(),
  }));
}

async function decide(reader: Reader, kind: StatementKind, accountLabel: string, lines: ParsedLine[]) {
  const already = await existingChecksums(reader, accountLabel, lines);
  const fresh = lines.filter((l) => !already.has(l.checksum));
  const decisions = decideStates(fresh, await paymentsFor(reader, kind, fresh));
  return { already, fresh, decisions };
}

/**
 * The most credit lines one import takes (issue 36). A raffle of 99,999 tickets has at most that
 * many payments; a 353,000-line file (9.9 MB, under the upload limit) froze the embedded database
 * for over a minute and grew the process by 2.2 GB. Such a file is refused with what to do instead.
 */
export const STATEMENT_LIMITS = { maxLines: 150_000 };
/** Lines per INSERT: each batch crosses as typed arrays, a bounded parameter size. */
const LINE_BATCH = 20_000;

const tooManyLines = (n: number) =>
  new AppError(
    "payload_too_large",
    `This statement has ${n.toLocaleString("en-US")} credit lines; one import ` +
      `takes at most ${STATEMENT_LIMITS.maxLines.toLocaleString("en-US")}. Export a ` +
      `shorter period (for example one month) and import each file.`,
  );

/**
 * The new lines, decided, in batches of LINE_BATCH rows given as typed arrays (unnest: counted
 * exactly by the planner, never a JSON document of the whole statement).
 */
async function insertLines(
  tx: Prisma.TransactionClient,
  o: { importId: string; accountLabel: string; lines: ParsedLine[]; decisions: Decision[] },
) {
  for (let from = 0; from < o.lines.length; from += LINE_BATCH) {
    const lines = o.lines.slice(from, from + LINE_BATCH);
    const decisions = o.decisions.slice(from, from + LINE_BATCH);
    await tx.$executeRaw`
      INSERT INTO statement_lines (import_id, account_label, line_no, occurred_at, description, reference,
      reference_normalized, amount, balance,
                                   occurrence, checksum, state, match_kind, payment_id)
      SELECT ${o.importId}::uuid, ${o.accountLabel}, r.line_no, r.occurred_at, r.description, r.reference,
      r.reference_normalized, r.amount, r.balance,
             r.occurrence, r.checksum, r.state, r.match_kind, r.payment_id
      FROM unnest(${lines.map((l) => l.lineNo)}::int[], ${lines.map((l) => l.occurredAt)}::timestamptz[],
      ${lines.map((l) => l.description)}::text[],
        ${lines.map((l) => l.reference)}::text[], ${lines.map((l) => l.referenceNormalized)}::text[],
      ${lines.map((l) => centavosToAmount(l.centavos))}::numeric[],
        ${lines.map((l) => (l.balanceCentavos === null ? null : centavosToAmount(l.balanceCentavos)))}::numeric[],
      ${lines.map((l) => l.occurrence)}::int[],
        ${lines.map((l) => l.checksum)}::text[], ${decisions.map((d) => d.state)}::text[],
      ${decisions.map((d) => (d.state === "matched" ? "auto" : null))}::text[],
        ${decisions.map((d) => d.paymentId)}::uuid[])
        AS r(line_no, occurred_at, description, reference, reference_normalized, amount, balance, occurrence, checksum,
      state, match_kind, payment_id)`;
  }
}

export interface ImportStatementOptions {
  principal: Principal;
  fileName: string;
  bytes: Uint8Array;
  fields: ImportFields;
  preview: boolean;
  jobId?: string | null;
  signal?: AbortSignal;
}

/**
 * POST /api/reconciliation/imports (decision 112). The file is read in the parsing worker; then,
 * with ?preview=1, the lines and what each would become are answered and nothing is written (the
 * worker's jobs row aside); otherwise, in one transaction under the reconciliation lock: the file's
 * hash is checked (409 duplicate_file naming the earlier import; the unique index is the backstop for
 * a concurrent import of the same file), lines the account already has are skipped (an overlapping
 * statement adds nothing for those days), the new lines are decided and written in one statement
 * (the database's trigger verifies payments they complete), the bank profile's mapping is saved, and
 * one audit row records it.
 */
export async function importStatement(options: ImportStatementOptions): Promise<ImportPreview | ImportCommitted> {
  requireAdmin(options.principal);
  const { fields } = options;
  const sha256 = createHash("sha256").update(options.bytes).digest("hex");
  const earlier = await findEarlierImport(db(), sha256);
  if (earlier) throw duplicateFile(earlier);
  const parsed = await parseStatement({
    principal: options.principal,
    bytes: options.bytes,
    kind: fields.kind,
    accountLabel: fields.accountLabel,
    mapping: fields.mapping,
    password: fields.password,
    jobId: options.jobId,
    signal: options.signal,
  });

  if (parsed.lines.length > STATEMENT_LIMITS.maxLines) throw tooManyLines(parsed.lines.length);

  if (options.preview) {
    const { already, fresh, decisions } = await decide(db(), fields.kind, fields.accountLabel, parsed.lines);
    const byChecksum = new Map<string, Decision>(fresh.map((l, i) => [l.checksum, decisions[i]]));
    const lines: PreviewLine[] = parsed.lines.map((l) => {
      const d = byChecksum.get(l.checksum);
      return {
        lineNo: l.lineNo,
        occurredAt: l.occurredAt,
        description: l.description,
        reference: l.reference,
        amount: centavosToAmount(l.centavos),
        wouldBe: already.has(l.checksum) || !d ? "already_imported" : d.state,
        paymentId: d?.paymentId ?? null,
        why: d?.why ?? "This line was imported before (an overlapping statement)",
      };
    });
    return {
      lines,
      warnings: parsed.warnings,
      new: fresh.length,
      skipped: parsed.credits - fresh.length,
      periodFrom: parsed.periodFrom,
      periodTo: parsed.periodTo,
    };
  }

  const user = options.principal.user;
  try {
    return await db().$transaction(
      async (tx) => {
        await lockReconciliation(tx);
        const again = await findEarlierImport(tx, sha256);
        if (again) throw duplicateFile(again);
        const { fresh, decisions } = await decide(tx, fields.kind, fields.accountLabel, parsed.lines);
        const skipped = parsed.credits - fresh.length;
        const [created] = await tx.$queryRaw<{ id: string }[]>`
          INSERT INTO statement_imports (kind, account_label, file_name, file_sha256, period_from, period_to,
          lines_read, lines_new, lines_skipped, uploaded_by_id)
          VALUES (${fields.kind}, ${fields.accountLabel}, ${options.fileName}, ${sha256}, ${parsed.periodFrom}::date,
          ${parsed.periodTo}::date,
                  ${parsed.credits}::int, ${fresh.length}::int, ${skipped}::int, ${user.id}::uuid)
          RETURNING id::text AS id`;
        await insertLines(tx, { importId: created.id, accountLabel: fields.accountLabel, lines: fresh, decisions });
        if (fields.kind === "bank_csv" && fields.profile && fields.mapping) {
          await tx.$executeRaw`
            INSERT INTO statement_profiles (name, mapping, updated_at) VALUES (${fields.profile},
            ${JSON.stringify(fields.mapping)}::jsonb, now())
            ON CONFLICT (name) DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()`;
        }
        const matched = new Set(decisions.filter((d) => d.state === "matched").map((d) => d.paymentId)).size;
        await writeAudit(tx, {
          actor: { id: user.id, email: user.email },
          action: "statement.import",
          entityId: created.id,
          after: {
            kind: fields.kind,
            accountLabel: fields.accountLabel,
            fileName: options.fileName,
            lines: parsed.credits,
            new: fresh.length,
            skipped,
            matched,
          },
        });
        return { id: created.id, lines: parsed.credits, new: fresh.length, skipped, matched };
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
  } catch (error) {
    // Two imports of the same file at once: the loser meets the unique index (or the winner's row).
    if (isUniqueViolation(error)) {
      const winner = await findEarlierImport(db(), sha256);
      if (winner) throw duplicateFile(winner);
    }
    throw error;
  }
}
