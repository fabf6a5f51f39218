import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Ticket } from "@/lib/schemas/ticket-response";

/**
 * How each field of the ticket contract (lib/schemas/ticket-response.ts) is read from a ticket row
 * aliased `t`: the database returns rows already in the API's shape (ISO instants, numbers,
 * the payment as JSON), so no serializer sits between a query and its answer. The `satisfies`
 * makes a field added to the contract fail to compile until it is read here.
 */
function ticketFields(payments: string) {
  return {
    ticket_id: "t.id",
    id: "t.id",
    control_number: "t.control_number",
    last_5_digits: "lpad(t.ticket_number::text, 5, '0')",
    ticket_number: "t.ticket_number",
    buyer_name: "t.buyer_name",
    phone_number: "t.phone_number",
    email: "t.email",
    address: "t.address",
    payment_method: "t.payment_method",
    gcash_reference: "t.gcash_reference",
    payment_reference: "t.payment_reference",
    status: "t.status",
    amount: "t.amount::float8",
    user_id: "t.user_id",
    created_by_id: "t.created_by_id",
    creator_email: "t.creator_email",
    creator_name: "t.creator_name",
    creation_source: "t.creation_source",
    event_name: "t.event_name",
    is_registered: "t.registered_at IS NOT NULL",
    registered_at: "iso_utc(t.registered_at)",
    registered_by_id: "t.registered_by_id",
    seller_email: "(SELECT su.email FROM users su WHERE su.id = t.registered_by_id)",
    payment_id: "t.payment_id",
    payment: `(SELECT json_build_object('id', p.id, 'method', p.method, 'reference', p.reference,
        'reference_normalized', p.reference_normalized, 'amount_expected', p.amount_expected::text,
        'collected_by', (SELECT pu.email FROM users pu WHERE pu.id = p.collected_by_id),
        'collected_at', iso_utc(p.collected_at), 'status', p.status)
      FROM ${payments} p WHERE p.id = t.payment_id)`,
    voided_at: "iso_utc(t.voided_at)",
    void_reason: "t.void_reason",
    void_note: "t.void_note",
    voided_by: "(SELECT vu.email FROM users vu WHERE vu.id = t.voided_by_id)",
    created_at: "iso_utc(t.created_at)",
    updated_at: "iso_utc(t.updated_at)",
  } satisfies Record<keyof Ticket, string>;
}

/**
 * The SELECT list of the ticket contract over alias `t`. `payments` names the relation payments
 * are read from: the registration statement passes the payments it writes in the same statement
 * (a statement's own writes are not visible to its other parts).
 */
export function ticketColumns(options: { payments?: string } = {}): Prisma.Sql {
  const fields = ticketFields(options.payments ?? "payments");
  return Prisma.raw(
    Object.entries(fields)
      .map(([name, expression]) => `${expression} AS "${name}"`)
      .join(",\n  "),
  );
}

/** The usual SELECT list: payments read from their table. */
export const TICKET_COLUMNS = ticketColumns();

export type { Ticket };
