import "server-only";
import type { Ticket } from "@/lib/api/tickets";
import type { Principal } from "@/server/auth/principal";
import { serializeTicket, type TicketRow } from "@/server/tickets/ticket-row";

/** The buyer's contact details: only administrators and the staff who took them see them. */
export const BUYER_CONTACT_FIELDS = ["phone_number", "email", "address"] as const;
type ContactField = (typeof BUYER_CONTACT_FIELDS)[number];

/** A ticket as a caller may see it: contact fields are absent when they are not theirs to see. */
export type VisibleTicket = Omit<Ticket, ContactField> & Partial<Pick<Ticket, ContactField>>;

/**
 * Whether the caller may see this ticket's buyer contact details (Philippine Data Privacy Act,
 * docs/decisions/036): administrators always; other staff only for tickets they created or
 * registered themselves. Everyone sees the buyer's name ('Already registered to: {buyer}').
 */
export function canSeeBuyerContact(row: Pick<TicketRow, "created_by_id" | "registered_by_id">, principal: Principal): boolean {
  const me = principal.user;
  return me.isAdmin || row.created_by_id === me.id || row.registered_by_id === me.id;
}

/**
 * serializeTicket, with the buyer's phone, e-mail and address left out when not the caller's to
 * see. A ticket with none of them (a fresh unregistered one) has nothing to hide and keeps the
 * usual shape, nulls included.
 */
export function serializeTicketFor(row: TicketRow, principal: Principal): VisibleTicket {
  const ticket = serializeTicket(row);
  const hasContact = BUYER_CONTACT_FIELDS.some((field) => ticket[field] !== null);
  if (!hasContact || canSeeBuyerContact(row, principal)) return ticket;
  const visible: VisibleTicket = { ...ticket };
  for (const field of BUYER_CONTACT_FIELDS) delete visible[field];
  return visible;
}
