import "server-only";
import { registrability, registrationFacts, REGISTRABILITY_TEXT } from "@/lib/registrability";
import { parseTicketRef, effectiveTicketLimit, formatTicketNumber } from "@/lib/ticket-number";
import { getSettings } from "@/server/settings/get-settings";
import { findTicket } from "@/server/tickets/ticket-ref";

/**
 * GET /api/tickets/validate: whether a control number or ticket number exists, is free to
 * generate (within the limit and unused) and whether the ticket is registered.
 */
export async function validateTicket(input: { controlNumber?: string; number?: string }) {
  const given = (input.controlNumber ?? input.number)!;
  const ref = parseTicketRef(given);
  if (ref.kind === "invalid") {
    return {
      valid: false,
      exists: false,
      available: false,
      registered: false,
      message: "Not a valid control number or 5-digit ticket number",
    };
  }
  const ticket = await findTicket(given);
  if (ticket) {
    const refusal = registrability(registrationFacts(ticket));
    const registered = ticket.is_registered;
    return {
      valid: true,
      exists: true,
      available: false,
      registered,
      control_number: ticket.control_number,
      last_5_digits: formatTicketNumber(ticket.ticket_number),
      buyer_name: ticket.buyer_name,
      message: refusal?.message ?? REGISTRABILITY_TEXT.free,
    };
  }
  const number = ref.kind === "id" ? null : ref.ticketNumber;
  // A control number with other middle digits names no ticket, but its ticket number may be taken.
  const holder = ref.kind === "control" ? await findTicket(ref.ticketNumber) : null;
  if (holder) {
    return {
      valid: true,
      exists: false,
      available: false,
      registered: false,
      last_5_digits: formatTicketNumber(holder.ticket_number),
      message:
        `Ticket number ${formatTicketNumber(holder.ticket_number)} is ` +
        `already taken by ticket ${holder.control_number}.`,
    };
  }
  const limit = effectiveTicketLimit((await getSettings()).maxTicketLimit);
  const withinLimit = number !== null && number <= limit;
  return {
    valid: true,
    exists: false,
    available: withinLimit,
    registered: false,
    last_5_digits: number === null ? null : formatTicketNumber(number),
    message:
      number === null
        ? "Ticket not found"
        : withinLimit
          ? "Ticket number is free"
          : `Above the maximum ticket limit (${limit})`,
  };
}
