import "server-only";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { ticketRefCondition, TICKET_NOT_FOUND } from "@/server/tickets/ticket-ref";
import { TICKET_COLUMNS, type TicketRow } from "@/server/tickets/ticket-row";

/** DELETE /api/tickets/{id}: removes the ticket (and its attachments); the audit row keeps it. */
export async function deleteTicket(options: { ref: string; principal: Principal }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND);
  const [row] = await db().$queryRaw<TicketRow[]>`
    WITH t AS (DELETE FROM tickets AS t WHERE ${where} RETURNING t.*),
    audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before)
      SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.delete', 'ticket', t.id::text, to_jsonb(t) FROM t
    )
    SELECT ${TICKET_COLUMNS} FROM t`;
  if (!row) throw new AppError("not_found", TICKET_NOT_FOUND);
  return { controlNumber: row.control_number };
}
