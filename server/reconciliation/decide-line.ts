import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import { RECON_MESSAGES } from "@/lib/schemas/reconciliation";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { lockReconciliation } from "@/server/reconciliation/reconciliation-lock";

type Tx = Prisma.TransactionClient;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LINE_NOT_FOUND = "Statement line not found";
export const PAYMENT_NOT_FOUND = "Payment not found";

interface LockedLine {
  id: string;
  state: string;
  amount: string;
  reference: string | null;
  reference_normalized: string | null;
  method: string;
  payment_id: string | null;
}

async function lineForUpdate(tx: Tx, id: string): Promise<LockedLine> {
  if (!UUID.test(id)) throw new AppError("not_found", LINE_NOT_FOUND);
  const [line] = await tx.$queryRaw<LockedLine[]>`
    SELECT l.id::text AS id, l.state, l.amount::text AS amount, l.reference, l.reference_normalized, l.payment_id::text
    AS payment_id,
      CASE i.kind WHEN 'gcash_pdf' THEN 'gcash' ELSE 'bank_transfer' END AS method
    FROM statement_lines l JOIN statement_imports i ON i.id = l.import_id WHERE l.id = ${id}::uuid FOR UPDATE OF l`;
  if (!line) throw new AppError("not_found", LINE_NOT_FOUND);
  if (line.state === "discarded")
    throw new AppError("conflict", "This line's import was discarded: it can no longer be changed");
  return line;
}

const controlNumbersOf = async (tx: Tx, paymentId: string) =>
  (
    await tx.$queryRaw<
      { c: string }[]
    >`SELECT control_number AS c FROM tickets WHERE payment_id = ${paymentId}::uuid ORDER BY ticket_number`
  ).map((r) => r.c);

const transaction = <T>(fn: (tx: Tx) => Promise<T>) => db().$transaction(fn, { timeout: 30_000, maxWait: 30_000 });

/**
 * POST /api/reconciliation/lines/{id}/match {paymentId, comment?} (decision 113): a person confirms
 * a suggestion, or accepts a mismatch. The line must be unmatched, a mismatch or a duplicate. When the
 * line's amount is not exactly what the payment still lacks, a comment is required (422
 * comment_required) and the match is recorded as accepted; otherwise as confirmed. The payment's
 * status follows (the database's trigger).
 */
export async function matchLine(options: {
  principal: Principal;
  lineId: string;
  paymentId: string;
  comment?: string;
}) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  return transaction(async (tx) => {
    await lockReconciliation(tx);
    const line = await lineForUpdate(tx, options.lineId);
    if (line.state === "matched")
      throw new AppError("conflict", "This line is already matched: un-verify its payment first");
    const [payment] = await tx.$queryRaw<
      {
        id: string;
        expected: string;
        covered: string;
        status: string;
        method: string;
        reference_normalized: string | null;
      }[]
    >`
      SELECT p.id::text AS id, p.amount_expected::text AS expected, p.status, p.method, p.reference_normalized,
        coalesce((SELECT sum(l.amount) FROM statement_lines l WHERE l.payment_id = p.id AND l.state = 'matched'),
      0)::text AS covered
      FROM payments p WHERE p.id = ${options.paymentId}::uuid`;
    if (!payment) throw new AppError("not_found", PAYMENT_NOT_FOUND);
    if (payment.status === "rejected") throw new AppError("conflict", "This payment was rejected");
    // A line carrying another payment's reference is that payment's money, never a different one's (issue 37).
    if (line.reference_normalized && line.reference_normalized !== payment.reference_normalized) {
      const [owner] = await tx.$queryRaw<{ control_numbers: string[] | null }[]>`
        SELECT (SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = o.id) AS
        control_numbers
        FROM payments o WHERE o.reference_normalized = ${line.reference_normalized} AND o.status <> 'rejected' AND o.id
        <> ${payment.id}::uuid
        ORDER BY o.collected_at LIMIT 1`;
      if (owner) {
        throw new AppError(
          "conflict",
          `This line carries the reference ${line.reference} of another payment ` +
            `(${(owner.control_numbers ?? []).join(", ") || "no ticket"}): it is never matched to a ` +
            `different one`,
        );
      }
    }
    const left = amountToCentavos(payment.expected) - amountToCentavos(payment.covered);
    const exact = amountToCentavos(line.amount) === left;
    const comment = options.comment?.trim() || null;
    if (payment.method !== line.method && !comment) {
      throw new AppError("comment_required", RECON_MESSAGES.crossMethodComment, {
        extra: { lineMethod: line.method, paymentMethod: payment.method },
      });
    }
    if (!exact && !comment) {
      throw new AppError("comment_required", RECON_MESSAGES.commentRequired, {
        extra: {
          lineAmount: centavosToAmount(amountToCentavos(line.amount)),
          paymentLeft: centavosToAmount(Math.max(0, left)),
        },
      });
    }
    const how = exact && payment.method === line.method ? "confirmed" : "accepted";
    await tx.$executeRaw`
      UPDATE statement_lines SET state = 'matched', match_kind = ${how}, payment_id = ${payment.id}::uuid, note =
      ${comment},
        decided_by_id = ${user.id}::uuid, decided_at = now()
      WHERE id = ${line.id}::uuid`;
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "statement_line.match",
      entityId: line.id,
      after: {
        amount: centavosToAmount(amountToCentavos(line.amount)),
        reference: line.reference,
        how,
        controlNumbers: await controlNumbersOf(tx, payment.id),
        comment,
      },
    });
    const [after] = await tx.$queryRaw<
      { status: string }[]
    >`SELECT status FROM payments WHERE id = ${payment.id}::uuid`;
    return {
      success: true as const,
      lineId: line.id,
      state: "matched" as const,
      matchKind: how,
      paymentId: payment.id,
      paymentStatus: after.status,
    };
  });
}

/** POST /api/reconciliation/lines/{id}/ignore {reason}: an unmatched, mismatched or duplicate line set aside. */
export async function ignoreLine(options: { principal: Principal; lineId: string; reason: string }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  return transaction(async (tx) => {
    await lockReconciliation(tx);
    const line = await lineForUpdate(tx, options.lineId);
    if (line.state === "matched")
      throw new AppError("conflict", "A matched line is not ignored: un-verify its payment first");
    if (line.state === "ignored") throw new AppError("conflict", "This line is already ignored");
    await tx.$executeRaw`
      UPDATE statement_lines SET state = 'ignored', match_kind = NULL, payment_id = NULL, note = ${options.reason},
      decided_by_id = ${user.id}::uuid, decided_at = now()
      WHERE id = ${line.id}::uuid`;
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "statement_line.ignore",
      entityId: line.id,
      after: {
        amount: centavosToAmount(amountToCentavos(line.amount)),
        reference: line.reference,
        reason: options.reason,
      },
    });
    return { success: true as const, lineId: line.id, state: "ignored" as const };
  });
}

/**
 * POST /api/reconciliation/payments/{id}/unverify {reason}: the payment's matched lines go back to
 * unmatched (their note the reason), so the payment is claimed again (the trigger). Administrators.
 */
export async function unverifyPayment(options: { principal: Principal; paymentId: string; reason: string }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  if (!UUID.test(options.paymentId)) throw new AppError("not_found", PAYMENT_NOT_FOUND);
  return transaction(async (tx) => {
    await lockReconciliation(tx);
    const [payment] = await tx.$queryRaw<{ id: string; status: string; reference: string | null; amount: string }[]>`
      SELECT id::text AS id, status, reference, amount_expected::text AS amount FROM payments WHERE id =
      ${options.paymentId}::uuid FOR UPDATE`;
    if (!payment) throw new AppError("not_found", PAYMENT_NOT_FOUND);
    if (payment.status !== "verified") throw new AppError("conflict", "This payment is not verified");
    const released = await tx.$executeRaw`
      UPDATE statement_lines SET state = 'unmatched', match_kind = NULL, payment_id = NULL, note = ${options.reason},
      decided_by_id = ${user.id}::uuid, decided_at = now()
      WHERE payment_id = ${payment.id}::uuid AND state = 'matched'`;
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "payment.unverify",
      entityId: payment.id,
      after: {
        reference: payment.reference,
        amount: centavosToAmount(amountToCentavos(payment.amount)),
        controlNumbers: await controlNumbersOf(tx, payment.id),
        reason: options.reason,
      },
    });
    return { success: true as const, paymentId: payment.id, status: "claimed" as const, linesReleased: released };
  });
}

/**
 * POST /api/reconciliation/imports/{id}/discard {reason}: undoes an import. One conditional UPDATE of
 * the import; the database's trigger marks all its lines discarded in the same statement, and the
 * payments they verified return to claimed. A second discard answers 409.
 */
export async function discardImport(options: { principal: Principal; importId: string; reason: string }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  if (!UUID.test(options.importId)) throw new AppError("not_found", "Statement import not found");
  return transaction(async (tx) => {
    await lockReconciliation(tx);
    const [imp] = await tx.$queryRaw<{ id: string; file_name: string; account_label: string; discarded: boolean }[]>`
      SELECT id::text AS id, file_name, account_label, discarded_at IS NOT NULL AS discarded FROM statement_imports
      WHERE id = ${options.importId}::uuid FOR UPDATE`;
    if (!imp) throw new AppError("not_found", "Statement import not found");
    if (imp.discarded) throw new AppError("conflict", "This import was already discarded");
    const verifiedBefore = await tx.$queryRaw<{ id: string }[]>`
      SELECT DISTINCT p.id::text AS id FROM payments p JOIN statement_lines l ON l.payment_id = p.id
      WHERE l.import_id = ${imp.id}::uuid AND l.state = 'matched' AND p.status = 'verified'`;
    await tx.$executeRaw`
      UPDATE statement_imports SET discarded_at = now(), discarded_by_id = ${user.id}::uuid, discard_reason =
      ${options.reason} WHERE id = ${imp.id}::uuid`;
    const [{ lines }] = await tx.$queryRaw<
      { lines: number }[]
    >`SELECT count(*)::int AS lines FROM statement_lines WHERE import_id = ${imp.id}::uuid`;
    const [{ unverified }] = await tx.$queryRaw<{ unverified: number }[]>`
      SELECT count(*)::int AS unverified FROM payments WHERE id = ANY(${verifiedBefore.map((p) => p.id)}::uuid[]) AND
      status = 'claimed'`;
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "statement.discard",
      entityId: imp.id,
      after: { fileName: imp.file_name, accountLabel: imp.account_label, reason: options.reason, lines, unverified },
    });
    return { success: true as const, id: imp.id, lines, unverified };
  });
}
