import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Ticket } from "@/lib/api/tickets";
import { formatTicketNumber } from "@/lib/ticket-number";

/** The columns every ticket query selects (alias `t`), read back by `serializeTicket`. */
export const TICKET_COLUMNS = Prisma.raw(
  `t.id, t.control_number, t.ticket_number, t.buyer_name, t.phone_number, t.email, t.address, t.payment_method,
   t.gcash_reference, t.payment_reference, t.status, t.amount, t.user_id, t.created_by_id, t.creator_email,
   t.creator_name, t.creation_source, t.event_name, t.registered_at, t.registered_by_id, t.created_at, t.updated_at`,
);

export interface TicketRow {
  id: string;
  control_number: string;
  ticket_number: number;
  buyer_name: string | null;
  phone_number: string | null;
  email: string | null;
  address: string | null;
  payment_method: string;
  gcash_reference: string | null;
  payment_reference: string | null;
  status: string;
  amount: Prisma.Decimal | number | string;
  user_id: string | null;
  created_by_id: string | null;
  creator_email: string | null;
  creator_name: string | null;
  creation_source: string;
  event_name: string | null;
  registered_at: Date | null;
  /** Who registered the buyer; not serialized, used for privacy (server/tickets/ticket-privacy.ts). */
  registered_by_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The one JSON shape of a ticket (SPEC section 3, snake_case, with both `ticket_id` and `id`). */
export function serializeTicket(row: TicketRow): Ticket {
  return {
    ticket_id: row.id,
    id: row.id,
    control_number: row.control_number,
    last_5_digits: formatTicketNumber(row.ticket_number),
    ticket_number: row.ticket_number,
    buyer_name: row.buyer_name,
    phone_number: row.phone_number,
    email: row.email,
    address: row.address,
    payment_method: row.payment_method,
    gcash_reference: row.gcash_reference,
    payment_reference: row.payment_reference,
    status: row.status,
    amount: Number(row.amount),
    user_id: row.user_id,
    created_by_id: row.created_by_id,
    creator_email: row.creator_email,
    creator_name: row.creator_name,
    creation_source: row.creation_source,
    event_name: row.event_name,
    is_registered: row.registered_at !== null,
    registered_at: iso(row.registered_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export type TicketJson = Ticket;
