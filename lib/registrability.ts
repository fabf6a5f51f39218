// "Can this ticket be registered?" (issue 41, docs/decisions/240): the one answer, for every path
// that sells a ticket (single and multiple registration, the edit dialog, the CSV import, the
// validate call) and for the screens that say so before anyone types (Register's lookup and
// "Add Ticket by Control Number"). The write stays one conditional SQL statement
// (server/tickets/registration.ts: `registered_at IS NULL AND voided_at IS NULL`) and the database
// stays authoritative; this function decides the message and the pre-checks, and agrees with it.
// tests/integration/registrability-rule.test.ts walks the sources for other checks.
import type { RaffleStatus } from "@/lib/draw";
import { raffleAllows } from "@/lib/raffle-allows";
import { ticketVoidedMessage } from "@/lib/voids";

/** What the rule reads of a ticket (the SQL's `voided_at IS NULL` and `registered_at IS NULL`). */
export interface RegistrationFacts {
  control_number: string;
  buyer_name: string | null;
  is_registered: boolean;
  is_voided: boolean;
  void_reason: string | null;
}

/** The words of the rule (SPEC sections 2 and 5, decision 051), in one place. */
export const REGISTRABILITY_TEXT = {
  /** 'Already registered to: {buyer}' (the lookup, the API's 409, validate, register-multiple's lines). */
  alreadyRegistered: (buyer: string | null) => `Already registered to: ${buyer ?? ""}`,
  /** 'Ticket already registered to: {buyer}' (Add Ticket by Control Number, SPEC section 5). */
  alreadyRegisteredTicket: (buyer: string | null) => `Ticket already registered to: ${buyer ?? ""}`,
  /** 'Ticket B2K-123-00042 is void: Lost stub'. */
  voided: ticketVoidedMessage,
  /** validate's answer for a ticket that can take a buyer. */
  free: "Ticket exists and is not registered",
} as const;

/** Why a ticket cannot be registered: one reason, void first (decision 051), then sold, then the raffle's state. */
export type Refusal =
  | { reason: "voided"; message: string }
  | { reason: "registered"; buyer: string; message: string }
  | { reason: "raffle"; message: string };

/**
 * The one reason `ticket` cannot be registered now, or null when it can. `raffle` is the raffle's
 * status where the caller knows it (the screens); the server leaves the raffle's state to the
 * database's triggers (RF002, RF003, RF007), which answer with their own codes.
 */
export function registrability(ticket: RegistrationFacts, raffle?: RaffleStatus | null): Refusal | null {
  if (ticket.is_voided)
    return { reason: "voided", message: REGISTRABILITY_TEXT.voided(ticket.control_number, ticket.void_reason) };
  if (ticket.is_registered) {
    const buyer = ticket.buyer_name ?? "";
    return { reason: "registered", buyer, message: REGISTRABILITY_TEXT.alreadyRegistered(buyer) };
  }
  const closed = raffle ? raffleAllows(raffle).refusals.sell : null;
  if (closed) return { reason: "raffle", message: closed };
  return null;
}

/** The facts of a ticket in the API's contract (lib/schemas/ticket-response.ts) or the server's row. */
export function registrationFacts(ticket: {
  control_number: string;
  buyer_name: string | null;
  is_registered: boolean;
  voided_at: string | Date | null;
  void_reason: string | null;
}): RegistrationFacts {
  return {
    control_number: ticket.control_number,
    buyer_name: ticket.buyer_name,
    is_registered: ticket.is_registered,
    is_voided: ticket.voided_at !== null,
    void_reason: ticket.void_reason,
  };
}
