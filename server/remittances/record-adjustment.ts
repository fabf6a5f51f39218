import "server-only";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import type { AdjustmentJson, RecordAdjustmentPayload } from "@/lib/schemas/remittance";
import { auditAction } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { SELLER_NOT_FOUND } from "@/server/remittances/find-seller";

interface AdjustmentRow {
  id: string;
  seller_id: string;
  amount: string;
  reason: string;
  created_at: Date;
  created_by: string | null;
}

export function toAdjustmentJson(row: AdjustmentRow): AdjustmentJson {
  return {
    id: row.id,
    sellerId: row.seller_id,
    amount: centavosToAmount(amountToCentavos(row.amount)),
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

/**
 * POST /api/remittances/adjustments: a shortage written off, an overage, a correction (administrators,
 * with a reason). Positive amounts lower what the seller owes; negative raise it. Append-only: a wrong
 * adjustment is undone by an opposite one (docs/decisions/091).
 */
export async function recordAdjustment(options: {
  payload: RecordAdjustmentPayload;
  principal: Principal;
}): Promise<AdjustmentJson> {
  requireAdmin(options.principal);
  const { payload } = options;
  const user = options.principal.user;
  const [row] = await db().$queryRaw<AdjustmentRow[]>`
    WITH j AS (
      INSERT INTO remittance_adjustments (seller_id, amount, reason, created_by_id)
      SELECT u.id, ${centavosToAmount(payload.amount)}::numeric, ${payload.reason}::text, ${user.id}::uuid
      FROM users u WHERE u.id = ${payload.sellerId}::uuid
      RETURNING *
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, after)
      SELECT ${user.id}::uuid, ${user.email}::text, ${auditAction("remittance.adjust")}, 'remittance_adjustment',
    j.id::text,
        jsonb_build_object('seller', coalesce(nullif(btrim(u.display_name), ''), u.email), 'seller_email', u.email,
          'amount', j.amount::text, 'reason', j.reason)
      FROM j JOIN users u ON u.id = j.seller_id
    )
    SELECT j.id::text AS id, j.seller_id::text AS seller_id, j.amount::text AS amount, j.reason, j.created_at,
    ${user.email}::text AS created_by FROM j`;
  if (!row) throw new AppError("not_found", SELLER_NOT_FOUND);
  return toAdjustmentJson(row);
}

/** A seller's adjustments, oldest first. */
export async function listAdjustments(sellerId: string): Promise<AdjustmentJson[]> {
  const rows = await db().$queryRaw<AdjustmentRow[]>`
    SELECT j.id::text AS id, j.seller_id::text AS seller_id, j.amount::text AS amount, j.reason, j.created_at,
      (SELECT u.email FROM users u WHERE u.id = j.created_by_id) AS created_by
    FROM remittance_adjustments j WHERE j.seller_id = ${sellerId}::uuid ORDER BY j.created_at, j.id`;
  return rows.map(toAdjustmentJson);
}
