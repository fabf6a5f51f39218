import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { centavosToAmount } from "@/lib/money";
import type { RecordRemittancePayload } from "@/lib/schemas/remittance";
import { auditAction } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { SELLER_NOT_FOUND } from "@/server/remittances/find-seller";
import { REMITTANCE_COLUMNS, toRemittanceJson, type RemittanceRow } from "@/server/remittances/serialize-remittance";

/**
 * POST /api/remittances: the treasurer (an administrator) records cash a seller handed over. One
 * statement inserts the remittance and its audit row; the database gives it the next receipt number
 * (trigger on remittance_receipt_counter, docs/decisions/091), so a request refused anywhere (no such
 * seller, a CHECK) rolls its number back and numbers stay 1, 2, 3 … with no gap. A remittance may
 * exceed the balance (it goes negative until an adjustment). A disabled seller may still remit.
 */
export async function recordRemittance(options: { payload: RecordRemittancePayload; principal: Principal }) {
  requireAdmin(options.principal);
  const { payload } = options;
  const user = options.principal.user;
  const amount = centavosToAmount(payload.amount);
  const coversUntil = payload.coversUntil ? new Date(payload.coversUntil) : null;
  const [row] = await db().$queryRaw<RemittanceRow[]>`
    WITH r AS (
      INSERT INTO remittances (seller_id, amount, method, covers_until, note, received_by_id)
      SELECT u.id, ${amount}::numeric, ${payload.method}::text, coalesce(${coversUntil}::timestamptz, now()),
    ${payload.note ?? null}::text, ${user.id}::uuid
      FROM users u WHERE u.id = ${payload.sellerId}::uuid
      RETURNING *
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, after)
      SELECT ${user.id}::uuid, ${user.email}::text, ${auditAction("remittance.record")}, 'remittance', r.id::text,
        jsonb_build_object('receipt_number', r.receipt_number, 'seller', coalesce(nullif(btrim(u.display_name), ''),
    u.email),
          'seller_email', u.email, 'amount', r.amount::text, 'method', r.method, 'covers_until', r.covers_until, 'note',
    r.note)
      FROM r JOIN users u ON u.id = r.seller_id
    )
    SELECT ${Prisma.raw(REMITTANCE_COLUMNS)} FROM r`;
  if (!row) throw new AppError("not_found", SELLER_NOT_FOUND);
  return toRemittanceJson(row);
}
