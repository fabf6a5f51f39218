import "server-only";
import type { Principal } from "@/server/auth/principal";
import type { Ticket } from "@/server/tickets/ticket-select";

/** The buyer's contact details: only administrators and the staff who took them see them. */
export const BUYER_CONTACT_FIELDS = ["phone_number", "email", "address"] as const;
/** A sold ticket's payment references, private the same way (docs/decisions/050). */
export const SALE_PAYMENT_FIELDS = ["gcash_reference", "payment_reference", "payment"] as const;
type ContactField = (typeof BUYER_CONTACT_FIELDS)[number] | (typeof SALE_PAYMENT_FIELDS)[number];

/** A ticket as a caller may see it: contact fields are absent when they are not theirs to see. */
export type VisibleTicket = Omit<Ticket, ContactField> & Partial<Pick<Ticket, ContactField>>;

/**
 * Whether the caller may see this ticket's buyer contact details (Philippine Data Privacy Act,
 * docs/decisions/036): administrators always; other staff only for tickets they created or
 * registered themselves. Everyone sees the buyer's name ('Already registered to: {buyer}').
 */
export function canSeeBuyerContact(
  row: Pick<Ticket, "created_by_id" | "registered_by_id">,
  principal: Principal,
): boolean {
  const me = principal.user;
  return me.isAdmin || row.created_by_id === me.id || row.registered_by_id === me.id;
}

/**
 * The ticket with the buyer's phone, e-mail, address and payment references left out when not the
 * caller's to see. A ticket with none of them (a fresh unregistered one) has nothing to hide and
 * keeps the usual shape, nulls included.
 */
export function serializeTicketFor(ticket: Ticket, principal: Principal): VisibleTicket {
  const hidden: ContactField[] = [
    ...(BUYER_CONTACT_FIELDS.some((field) => ticket[field] !== null) ? BUYER_CONTACT_FIELDS : []),
    ...(ticket.is_registered ? SALE_PAYMENT_FIELDS : []),
  ];
  if (hidden.length === 0 || canSeeBuyerContact(ticket, principal)) return ticket;
  const visible: VisibleTicket = { ...ticket };
  for (const field of hidden) delete visible[field];
  return visible;
}

/**
 * A registration's answer (issue 25 item 10): the ticket keeps an e-mail or address its creator
 * typed when the registration sends none, and the registrar becomes someone who may see the
 * ticket's contacts; but the answer must not hand them the creator's input. Fields the caller
 * did not send are left out unless the caller could see them before (administrator, creator).
 */
export function serializeRegistrationFor<T extends Ticket>(
  ticket: T,
  sent: { phoneNumber?: string | null; email?: string | null; address?: string | null },
  principal: Principal,
): Omit<T, "email" | "address" | "phone_number"> & Partial<Pick<T, "email" | "address" | "phone_number">> {
  if (principal.user.isAdmin || ticket.created_by_id === principal.user.id) return ticket;
  const visible: Partial<T> = { ...ticket };
  // A field left empty keeps the usual shape (null), as serializeTicketFor does.
  if (!sent.email && ticket.email !== null) delete visible.email;
  if (!sent.address && ticket.address !== null) delete visible.address;
  if (!sent.phoneNumber && ticket.phone_number !== null) delete visible.phone_number;
  return visible as T;
}
