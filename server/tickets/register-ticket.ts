import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { isRegisteredBuyerName } from "@/lib/constants";
import { TICKET_MESSAGES, type RegisterTicketPayload } from "@/lib/schemas/ticket";
import type { Principal } from "@/server/auth/principal";
import { sql } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { alreadyRegistered, findTicket, ticketRefCondition, TICKET_NOT_FOUND_BY_TERM } from "@/server/tickets/ticket-ref";
import { TICKET_COLUMNS, serializeTicket, type TicketRow } from "@/server/tickets/ticket-row";

type Buyer = Pick<RegisterTicketPayload, "buyerName" | "phoneNumber" | "email" | "address">;

/**
 * The registration UPDATE for the tickets matching `where` that are still unregistered, with
 * one audit row per ticket in the same statement. Concurrent registrations of one ticket:
 * the second waits for the first's row lock, re-checks `registered_at IS NULL` and matches
 * nothing, so a buyer is never overwritten.
 */
export function registrationStatement(where: Prisma.Sql, buyer: Buyer, principal: Principal) {
  // A placeholder name ("N/A") would leave the ticket unregistered yet write it: refuse before any SQL runs.
  if (!isRegisteredBuyerName(buyer.buyerName)) throw new AppError("validation_failed", TICKET_MESSAGES.registerBuyerName);
  const user = principal.user;
  return Prisma.sql`
    WITH t AS (
      UPDATE tickets AS t SET
        buyer_name = ${buyer.buyerName}::text,
        phone_number = ${buyer.phoneNumber}::text,
        email = coalesce(${buyer.email ?? null}::text, t.email),
        address = coalesce(${buyer.address ?? null}::text, t.address),
        status = CASE WHEN t.status = 'active' THEN 'registered' ELSE t.status END,
        registered_at = CASE WHEN ticket_buyer_is_real(${buyer.buyerName}::text) THEN now() END,
        registered_by_id = ${user.id}::uuid,
        updated_at = now()
      FROM tickets AS old
      WHERE old.id = t.id AND (${where}) AND t.registered_at IS NULL
      RETURNING t.*, jsonb_build_object('buyer_name', old.buyer_name, 'phone_number', old.phone_number,
        'email', old.email, 'address', old.address, 'status', old.status) AS before
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after)
      SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.register', 'ticket', t.id::text, t.before,
        jsonb_build_object('buyer_name', t.buyer_name, 'phone_number', t.phone_number, 'email', t.email,
          'address', t.address, 'status', t.status)
      FROM t
    )
    SELECT ${TICKET_COLUMNS} FROM t`;
}

/** PUT /api/tickets/register/{controlNumber}: attach a buyer to one unregistered ticket. */
export async function registerTicket(options: { ref: string; buyer: Buyer; principal: Principal }) {
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND_BY_TERM);
  // One statement, straight to the driver (the write every seller repeats all day; see docs/performance.md).
  const statement = registrationStatement(where, options.buyer, options.principal);
  const [row] = await sql<TicketRow>(statement.text, statement.values);
  if (row) return serializeTicket(row);
  const existing = await findTicket(options.ref);
  if (!existing) throw new AppError("not_found", TICKET_NOT_FOUND_BY_TERM);
  throw alreadyRegistered(existing.buyer_name);
}
