import "server-only";
import { ticketVoidedMessage, voidReasonLabel } from "@/lib/voids";
import type { UnvoidTicketPayload, VoidTicketPayload } from "@/lib/schemas/void";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { findTicket, ticketRefCondition, TICKET_NOT_FOUND } from "@/server/tickets/ticket-ref";
import { TICKET_COLUMNS, type Ticket } from "@/server/tickets/ticket-select";

/** 409 ticket_voided: 'Ticket B2K-123-00042 is void: Lost stub'. */
export function ticketVoided(ticket: { control_number: string; void_reason: string | null }) {
  return new AppError("ticket_voided", ticketVoidedMessage(ticket.control_number, ticket.void_reason));
}

/** For writes on one ticket: 409 ticket_voided when it is void (the ticket, or null, otherwise). */
export async function refuseIfVoided(ref: string) {
  const ticket = await findTicket(ref);
  if (ticket?.voided_at) throw ticketVoided(ticket);
  return ticket;
}

/**
 * The error a refused write on one ticket answers with: ticket_voided when the ticket is void,
 * whatever else was wrong (docs/decisions/051), else the error itself. Only a refused write reads
 * the ticket again, so success costs nothing.
 */
export async function voidWins(ref: string, error: unknown): Promise<unknown> {
  if (!(error instanceof AppError) || error.code === "ticket_voided") return error;
  const ticket = await findTicket(ref).catch(() => null);
  return ticket?.voided_at ? ticketVoided(ticket) : error;
}

/**
 * POST /api/tickets/{id}/void: takes a ticket out of the raffle (administrators). The number stays
 * the ticket's forever; a sold ticket's money leaves the sold figures (the rollup triggers see
 * voided_at). One conditional UPDATE with its audit row: two voids at once void it once.
 */
export async function voidTicket(options: { ref: string; payload: VoidTicketPayload; principal: Principal }) {
  requireAdmin(options.principal);
  const { payload } = options;
  const user = options.principal.user;
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND);
  const [row] = await db().$queryRaw<Ticket[]>`
    WITH t AS (
      UPDATE tickets AS t SET voided_at = now(), voided_by_id = ${user.id}::uuid, void_reason = ${payload.reason}::text,
        void_note = ${payload.note ?? null}::text, updated_at = now()
      WHERE ${where} AND t.voided_at IS NULL
      RETURNING t.*
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, after)
      SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.void', 'ticket', t.id::text,
        jsonb_build_object('control_number', t.control_number, 'reason', t.void_reason, 'note', t.void_note,
          'was_sold', t.registered_at IS NOT NULL, 'payment_id', t.payment_id, 'buyer_name', t.buyer_name)
      FROM t
    )
    SELECT ${TICKET_COLUMNS} FROM t`;
  if (row) return row;
  const existing = await findTicket(options.ref);
  if (!existing) throw new AppError("not_found", TICKET_NOT_FOUND);
  throw new AppError(
    "conflict",
    `Ticket ${existing.control_number} is already void: ${voidReasonLabel(existing.void_reason)}`,
  );
}

/**
 * POST /api/tickets/{id}/unvoid: puts a voided ticket back (administrators, with a reason). The
 * database refuses clearing a void unless the transaction says it is an unvoid (raffle.unvoid).
 */
export async function unvoidTicket(options: { ref: string; payload: UnvoidTicketPayload; principal: Principal }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND);
  const rows = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT set_config('raffle.unvoid', 'on', true)`;
    return tx.$queryRaw<Ticket[]>`
      WITH old AS (SELECT t.id, t.void_reason, t.void_note, t.voided_at, t.voided_by_id FROM tickets t WHERE ${where}
      FOR UPDATE),
      t AS (
        UPDATE tickets AS t SET voided_at = NULL, voided_by_id = NULL, void_reason = NULL, void_note = NULL, updated_at
      = now()
        FROM old WHERE t.id = old.id AND t.voided_at IS NOT NULL
        RETURNING t.*
      ), audit AS (
        INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after)
        SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.unvoid', 'ticket', t.id::text,
          jsonb_build_object('reason', old.void_reason, 'note', old.void_note, 'voided_at', old.voided_at,
      'voided_by_id', old.voided_by_id),
          jsonb_build_object('control_number', t.control_number, 'reason', ${options.payload.reason}::text)
        FROM t JOIN old ON old.id = t.id
      )
      SELECT ${TICKET_COLUMNS} FROM t`;
  });
  if (rows[0]) return rows[0];
  const existing = await findTicket(options.ref);
  if (!existing) throw new AppError("not_found", TICKET_NOT_FOUND);
  throw new AppError("conflict", `Ticket ${existing.control_number} is not void`);
}
