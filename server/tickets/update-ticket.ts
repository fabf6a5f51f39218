import "server-only";
import type { EditTicketPayload } from "@/lib/schemas/ticket";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { alreadyRegistered, findTicket, ticketRefCondition, TICKET_NOT_FOUND } from "@/server/tickets/ticket-ref";
import { TICKET_COLUMNS, serializeTicket, type TicketRow } from "@/server/tickets/ticket-row";

/**
 * PUT /api/tickets/{id}: edit a ticket that has no buyer yet (a conditional UPDATE, so a
 * concurrent registration wins cleanly). Naming a real buyer registers it. Amount stays.
 */
export async function updateTicket(options: { ref: string; payload: EditTicketPayload; principal: Principal }) {
  requireAdmin(options.principal);
  const { payload } = options;
  const user = options.principal.user;
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND);
  const [row] = await db().$queryRaw<TicketRow[]>`
    WITH t AS (
      UPDATE tickets AS t SET
        buyer_name = ${payload.buyer_name}::text,
        phone_number = ${payload.phone_number ?? null}::text,
        email = ${payload.email ?? null}::text,
        address = ${payload.address ?? null}::text,
        payment_method = ${payload.payment_method}::text,
        gcash_reference = ${payload.gcash_reference ?? null}::text,
        payment_reference = coalesce(${payload.payment_reference ?? null}::text, t.payment_reference),
        status = coalesce(${payload.status ?? null}::text, t.status),
        user_id = coalesce(${payload.user_id ?? null}::text, t.user_id),
        event_name = coalesce(${payload.event_name ?? null}::text, t.event_name),
        registered_at = CASE WHEN ticket_buyer_is_real(${payload.buyer_name}::text) THEN now() END,
        updated_at = now()
      FROM tickets AS old
      WHERE old.id = t.id AND (${where}) AND t.registered_at IS NULL
      RETURNING t.*, to_jsonb(old) AS before
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after)
      SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.update', 'ticket', t.id::text, t.before, to_jsonb(t) - 'before'
      FROM t
    )
    SELECT ${TICKET_COLUMNS} FROM t`;
  if (row) return serializeTicket(row);
  const existing = await findTicket(options.ref);
  if (!existing) throw new AppError("not_found", TICKET_NOT_FOUND);
  throw alreadyRegistered(existing.buyer_name);
}
