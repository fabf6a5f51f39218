import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import { LEDGER_MESSAGES } from "@/lib/payment-ledger";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { lockReconciliation } from "@/server/reconciliation/reconciliation-lock";
import type { EvidenceFile } from "@/server/reconciliation/settle-evidence";

// Settling by hand (issue 37, docs/decisions/193): money no statement will ever show is accepted by
// an administrator with a reason, audited, and undone with a reason until Close (the closed raffle's
// guard refuses both after it). The database holds the rest: payments_settled_check (a reason with
// every settlement, never on cash) and payments_settle_guard (never on a verified payment). An
// optional evidence file (docs/decisions/235) is written with the settlement, in its transaction,
// and named in its audit row.

type Tx = Prisma.TransactionClient;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAYMENT_NOT_FOUND = "Payment not found";

interface LockedPayment {
  id: string;
  method: string;
  status: string;
  reference: string | null;
  amount: string;
  settled: boolean;
  live: boolean;
  control_numbers: string[] | null;
}

async function paymentForUpdate(tx: Tx, id: string): Promise<LockedPayment> {
  if (!UUID.test(id)) throw new AppError("not_found", PAYMENT_NOT_FOUND);
  const [payment] = await tx.$queryRaw<LockedPayment[]>`
    SELECT p.id::text AS id, p.method, p.status, p.reference, p.amount_expected::text AS amount, p.settled_at IS NOT
    NULL AS settled,
      EXISTS (SELECT 1 FROM tickets t WHERE t.payment_id = p.id AND t.voided_at IS NULL) AS live,
      (SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = p.id) AS
    control_numbers
    FROM payments p WHERE p.id = ${id}::uuid FOR UPDATE OF p`;
  if (!payment) throw new AppError("not_found", PAYMENT_NOT_FOUND);
  return payment;
}

// Control characters are dropped (never stored), so a reason of only them is no reason (422).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const cleanReason = (reason: string | undefined) => (reason ?? "").replace(CONTROL_CHARACTERS, "").trim();

const transaction = <T>(fn: (tx: Tx) => Promise<T>) => db().$transaction(fn, { timeout: 30_000, maxWait: 30_000 });

/** POST /api/reconciliation/payments/{id}/settle {reason} (and a file): 422 reason_required, 409 when verified. */
export async function settlePayment(options: {
  principal: Principal;
  paymentId: string;
  reason?: string;
  evidence?: EvidenceFile;
}) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const reason = cleanReason(options.reason);
  if (!reason) throw new AppError("reason_required", LEDGER_MESSAGES.reasonRequired);
  return transaction(async (tx) => {
    await lockReconciliation(tx);
    const payment = await paymentForUpdate(tx, options.paymentId);
    if (payment.method === "cash") throw new AppError("conflict", LEDGER_MESSAGES.cash);
    if (payment.status === "verified") throw new AppError("conflict", LEDGER_MESSAGES.alreadyVerified);
    if (payment.status === "rejected") throw new AppError("conflict", "This payment was rejected");
    if (!payment.live) throw new AppError("conflict", LEDGER_MESSAGES.voided);
    if (payment.settled) throw new AppError("conflict", LEDGER_MESSAGES.alreadySettled);
    const [{ settled_at }] = await tx.$queryRaw<{ settled_at: Date }[]>`
      UPDATE payments SET settled_at = now(), settled_by_id = ${user.id}::uuid, settle_reason = ${reason} WHERE id =
      ${payment.id}::uuid RETURNING settled_at`;
    const file = options.evidence;
    const evidence = file
      ? (
          await tx.$queryRaw<{ id: string }[]>`
            INSERT INTO payment_settle_evidence (payment_id, settled_at, file_name, content_type, file_size, sha256,
            data, uploaded_by_id)
            VALUES (${payment.id}::uuid, ${settled_at}, ${file.fileName}, ${file.contentType},
            ${file.bytes.byteLength}::int, ${file.sha256},
              ${Buffer.from(file.bytes)}, ${user.id}::uuid)
            RETURNING id::text AS id`
        ).map((row) => ({
          id: row.id,
          fileName: file.fileName,
          contentType: file.contentType,
          fileSize: file.bytes.byteLength,
          sha256: file.sha256,
        }))[0]
      : null;
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "payment.settle",
      entityId: payment.id,
      after: {
        method: payment.method,
        reference: payment.reference,
        amount: centavosToAmount(amountToCentavos(payment.amount)),
        controlNumbers: payment.control_numbers ?? [],
        reason,
        evidence,
      },
    });
    return { success: true as const, paymentId: payment.id, state: "settled_by_hand" as const, evidence };
  });
}

/** POST /api/reconciliation/payments/{id}/unsettle {reason}: the settlement undone, the reason kept in the audit log.
 */
export async function unsettlePayment(options: { principal: Principal; paymentId: string; reason?: string }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const reason = cleanReason(options.reason);
  if (!reason) throw new AppError("reason_required", LEDGER_MESSAGES.unsettleReasonRequired);
  return transaction(async (tx) => {
    await lockReconciliation(tx);
    const payment = await paymentForUpdate(tx, options.paymentId);
    if (!payment.settled) throw new AppError("conflict", LEDGER_MESSAGES.notSettled);
    const [before] = await tx.$queryRaw<
      { reason: string }[]
    >`SELECT settle_reason AS reason FROM payments WHERE id = ${payment.id}::uuid`;
    await tx.$executeRaw`UPDATE payments SET settled_at = NULL, settled_by_id = NULL, settle_reason = NULL WHERE id =
      ${payment.id}::uuid`;
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "payment.unsettle",
      entityId: payment.id,
      after: {
        method: payment.method,
        reference: payment.reference,
        amount: centavosToAmount(amountToCentavos(payment.amount)),
        controlNumbers: payment.control_numbers ?? [],
        reason,
        settleReason: before?.reason ?? null,
      },
    });
    return { success: true as const, paymentId: payment.id };
  });
}
