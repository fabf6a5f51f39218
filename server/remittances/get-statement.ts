import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SellerStatement, StatementAnswer } from "@/lib/schemas/remittance";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { findSellerOrThrow } from "@/server/remittances/find-seller";
import { readBalanceRows, toSellerBalance } from "@/server/remittances/read-balances";
import { listAdjustments } from "@/server/remittances/record-adjustment";
import { REMITTANCE_COLUMNS, toRemittanceJson, type RemittanceRow } from "@/server/remittances/serialize-remittance";

/** Zeros for a user who has no seller records yet (a statement is still answered). */
function emptyRow(seller: { id: string; email: string; displayName: string | null; isDisabled: boolean }) {
  return {
    seller_id: seller.id,
    email: seller.email,
    name: seller.displayName?.trim() || seller.email,
    is_disabled: seller.isDisabled,
    allocated: 0,
    returned: 0,
    sold: 0,
    outstanding: 0,
    outstanding_value: "0",
    cash: "0",
    non_cash: "0",
    remitted: "0",
    adjustments: "0",
    last_remittance_at: null,
    alert: "0",
  };
}

/**
 * One seller's statement: what they hold (as runs of numbers), sold, owe, their receipts (void ones marked) and
 * adjustments.
 */
export async function buildStatement(sellerId: string): Promise<SellerStatement> {
  const seller = await findSellerOrThrow(sellerId);
  const { rows, alertCentavos } = await readBalanceRows({ sellerId: seller.id });
  const balance = toSellerBalance(rows[0] ?? emptyRow(seller), alertCentavos);
  const runs = await db().$queryRaw<{ first: number; last: number }[]>`
    SELECT min(n) AS first, max(n) AS last FROM (
      SELECT t.ticket_number AS n, t.ticket_number - row_number() OVER (ORDER BY t.ticket_number) AS grp
      FROM stub_allocations a JOIN tickets t ON t.id = a.ticket_id
      WHERE a.seller_id = ${seller.id}::uuid AND a.returned_at IS NULL AND t.registered_at IS NULL AND t.voided_at IS
    NULL
    ) AS s GROUP BY grp ORDER BY first`;
  const receipts = await db().$queryRaw<RemittanceRow[]>`
    SELECT ${Prisma.raw(REMITTANCE_COLUMNS)} FROM remittances r WHERE r.seller_id = ${seller.id}::uuid ORDER BY
    r.receipt_number`;
  return {
    ...balance,
    heldRanges: runs.map((r) => [r.first, r.last]),
    receipts: receipts.map(toRemittanceJson).map((r) => ({
      id: r.id,
      receiptNumber: r.receiptNumber,
      amount: r.amount,
      method: r.method,
      coversUntil: r.coversUntil,
      createdAt: r.createdAt,
      voided: r.voided,
      voidReason: r.voidReason,
    })),
    adjustmentList: await listAdjustments(seller.id),
  };
}

/**
 * GET /api/sellers/me/statement and GET /api/sellers/{id}/statement: a seller reads their own;
 * administrators read anyone's; anyone else's answers 403 (the check is here, at the data).
 */
export async function getStatement(options: {
  sellerId: string | "me";
  principal: Principal;
}): Promise<StatementAnswer> {
  const user = options.principal.user;
  const sellerId = options.sellerId === "me" ? user.id : options.sellerId.toLowerCase();
  if (sellerId !== user.id && !user.isAdmin) throw new AppError("forbidden", "You can read only your own statement");
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(sellerId))
    throw new AppError("not_found", "Seller not found");
  return { success: true, statement: await buildStatement(sellerId) };
}
