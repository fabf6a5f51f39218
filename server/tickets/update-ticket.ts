import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { isRegisteredBuyerName } from "@/lib/constants";
import type { EditTicketPayload } from "@/lib/schemas/ticket";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { planPayment } from "@/server/payments/plan-payment";
import { refuseUnregistrable, runRegistration } from "@/server/tickets/register-ticket";
import { registrationStatement, saleRowsWhere } from "@/server/tickets/registration";
import { findTicket, ticketRefCondition, TICKET_NOT_FOUND } from "@/server/tickets/ticket-ref";
import { TICKET_COLUMNS, type Ticket } from "@/server/tickets/ticket-select";
import { voidWins } from "@/server/tickets/void-ticket";

/**
 * PUT /api/tickets/{id}: edit a ticket that has no buyer yet and is not void (a conditional
 * UPDATE, so a concurrent registration wins cleanly). Naming a real buyer registers it through the
 * registration rule, in the same transaction, with the edit's payment fields. Amount stays.
 */
export async function updateTicket(options: { ref: string; payload: EditTicketPayload; principal: Principal }) {
  requireAdmin(options.principal);
  try {
    return await update(options);
  } catch (error) {
    throw await voidWins(options.ref, error);
  }
}

async function update(options: { ref: string; payload: EditTicketPayload; principal: Principal }) {
  const { payload, principal } = options;
  const user = principal.user;
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND);
  const sells = isRegisteredBuyerName(payload.buyer_name);
  const payer = { name: payload.buyer_name, phone: payload.phone_number ?? null };
  const choice = {
    paymentMethod: payload.payment_method,
    paymentReference:
      (payload.payment_method === "gcash" ? payload.gcash_reference : payload.payment_reference) ?? undefined,
    confirmReference: payload.confirmReference,
  };
  // The payment is planned (and a repeated bank reference confirmed) before anything is written.
  const payment = sells ? await planPayment({ choice, stub: null, buyer: payer, principal }) : null;

  const row = await runRegistration(
    () =>
      db().$transaction(async (tx) => {
        const [edited] = await tx.$queryRaw<{ id: string }[]>`
          WITH t AS (
            UPDATE tickets AS t SET
              buyer_name = CASE WHEN ${sells}::boolean THEN t.buyer_name ELSE ${payload.buyer_name}::text END,
              phone_number = ${payload.phone_number ?? null}::text,
              email = ${payload.email ?? null}::text,
              address = ${payload.address ?? null}::text,
              payment_method = ${payload.payment_method}::text,
              gcash_reference = ${payload.gcash_reference ?? null}::text,
              payment_reference = coalesce(${payload.payment_reference ?? null}::text, t.payment_reference),
              status = coalesce(${payload.status ?? null}::text, t.status),
              user_id = coalesce(${payload.user_id ?? null}::text, t.user_id),
              event_name = coalesce(${payload.event_name ?? null}::text, t.event_name),
              updated_at = now()
            FROM tickets AS old
            WHERE old.id = t.id AND (${where}) AND t.registered_at IS NULL AND t.voided_at IS NULL
            RETURNING t.*, to_jsonb(old) AS before
          ), audit AS (
            INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after)
            SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.update', 'ticket', t.id::text, t.before, to_jsonb(t) -
          'before'
            FROM t
          )
          SELECT t.id FROM t`;
        if (!edited) return null;
        const id = Prisma.sql`t.id = ${edited.id}::uuid`;
        if (payment) {
          const buyer = {
            buyerName: payload.buyer_name,
            phoneNumber: payload.phone_number ?? null,
            email: payload.email,
            address: payload.address,
          };
          const statement = registrationStatement({
            rows: saleRowsWhere(id, buyer, { status: null }),
            payments: [payment.plan],
            principal,
            source: "edit",
            audit: payment.audit,
          });
          await tx.$queryRaw(statement);
        }
        const [ticket] = await tx.$queryRaw<Ticket[]>`SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${id}`;
        return ticket;
      }),
    payment ? [payment.plan] : [],
    payer,
  );
  if (row) return row;
  const existing = await findTicket(options.ref);
  if (!existing) throw new AppError("not_found", TICKET_NOT_FOUND);
  refuseUnregistrable(existing);
  throw new AppError("conflict", "The ticket could not be updated. Please try again.");
}
