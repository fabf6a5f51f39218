import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { VoidRemittancePayload } from "@/lib/schemas/remittance";
import { auditAction } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { REMITTANCE_COLUMNS, toRemittanceJson, type RemittanceRow } from "@/server/remittances/serialize-remittance";

export const REMITTANCE_NOT_FOUND = "Remittance not found";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The remittance by id, or null (an id that is not a uuid names none). */
export async function findRemittance(id: string): Promise<RemittanceRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db().$queryRaw<
    RemittanceRow[]
  >`SELECT ${Prisma.raw(REMITTANCE_COLUMNS)} FROM remittances r WHERE r.id = ${id}::uuid`;
  return row ?? null;
}

/**
 * POST /api/remittances/{id}/void: a mistake is corrected by voiding the receipt with a reason and
 * recording a new one (administrators). The receipt keeps its number and stays in statements and
 * reports marked VOID; its amount leaves the balance. One conditional UPDATE (the database allows
 * no other change to a remittance): two voids at once void it once; the second answers 409.
 */
export async function voidRemittance(options: { id: string; payload: VoidRemittancePayload; principal: Principal }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const existing = await findRemittance(options.id);
  if (!existing) throw new AppError("not_found", REMITTANCE_NOT_FOUND);
  const [row] = await db().$queryRaw<RemittanceRow[]>`
    WITH r AS (
      UPDATE remittances SET voided_at = now(), voided_by_id = ${user.id}::uuid, void_reason =
    ${options.payload.reason}::text
      WHERE id = ${existing.id}::uuid AND voided_at IS NULL
      RETURNING *
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, after)
      SELECT ${user.id}::uuid, ${user.email}::text, ${auditAction("remittance.void")}, 'remittance', r.id::text,
        jsonb_build_object('receipt_number', r.receipt_number, 'seller', coalesce(nullif(btrim(u.display_name), ''),
    u.email),
          'seller_email', u.email, 'amount', r.amount::text, 'method', r.method, 'reason', r.void_reason)
      FROM r JOIN users u ON u.id = r.seller_id
    )
    SELECT ${Prisma.raw(REMITTANCE_COLUMNS)} FROM r`;
  if (!row) throw new AppError("conflict", `Receipt No. ${existing.receipt_number} is already void`);
  return toRemittanceJson(row);
}
