import "server-only";
import { auditAction } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { ticketRefCondition, TICKET_NOT_FOUND } from "@/server/tickets/ticket-ref";
import { refuseIfVoided } from "@/server/tickets/void-ticket";
import { TICKET_COLUMNS, type Ticket } from "@/server/tickets/ticket-select";

/**
 * DELETE /api/tickets/{id}: removes the ticket (and its attachments); the audit row keeps every
 * field. A sold ticket's payment stays (the money was taken); a voided ticket cannot be deleted.
 */
export async function deleteTicket(options: { ref: string; principal: Principal }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND);
  // A voided ticket keeps its number forever (the database refuses the DELETE too).
  await refuseIfVoided(options.ref);
  const [row] = await db().$queryRaw<Ticket[]>`
    WITH t AS (DELETE FROM tickets AS t WHERE ${where} RETURNING t.*),
    audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before)
      SELECT ${user.id}::uuid, ${user.email}::text, ${auditAction("ticket.delete")}::text, 'ticket', t.id::text,
    to_jsonb(t) FROM t
    )
    SELECT ${TICKET_COLUMNS} FROM t`;
  if (!row) throw new AppError("not_found", TICKET_NOT_FOUND);
  return { controlNumber: row.control_number };
}
