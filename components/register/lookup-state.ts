// Single registration's states (SPEC section 4): no ticket, searching, then found unregistered,
// locked (already registered), not found, or failed. Derived from the field and its lookup.
import type { VisibleTicket as Ticket } from "@/lib/api/tickets";
import { ApiError } from "@/lib/api-client";
import type { RaffleStatus } from "@/lib/draw";
import { registrability, registrationFacts } from "@/lib/registrability";
import { SINGLE_LOOKUP_MIN_LENGTH } from "@/lib/registration";

export type LookupState =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "found"; ticket: Ticket }
  | { status: "locked"; ticket: Ticket; buyer: string }
  /** Found, but void: no write may touch it (decision 051). */
  | { status: "void"; ticket: Ticket; message: string }
  /** Found and unsold, but the raffle's state allows no sale now (lib/raffle-allows.ts). */
  | { status: "closed"; ticket: Ticket; message: string }
  | { status: "not-found" }
  | { status: "failed" };

export function deriveLookupState(input: {
  /** The field, trimmed. */
  term: string;
  /** The term the lookup is for (the field once it stopped changing). */
  lookedUpTerm: string;
  isFetching: boolean;
  ticket: Ticket | undefined;
  error: unknown;
  /** The raffle's status (sales closed, draw committed, raffle closed refuse a sale); unknown while it loads. */
  raffle?: RaffleStatus | null;
}): LookupState {
  if (input.term.length < SINGLE_LOOKUP_MIN_LENGTH) return { status: "idle" };
  // Typing on, or an answer still on its way: nothing shown may belong to an older term.
  if (input.term !== input.lookedUpTerm || input.isFetching) return { status: "searching" };
  if (input.error)
    return input.error instanceof ApiError && input.error.status === 404
      ? { status: "not-found" }
      : { status: "failed" };
  if (!input.ticket) return { status: "searching" };
  const ticket = input.ticket;
  const refusal = registrability(registrationFacts(ticket), input.raffle);
  switch (refusal?.reason) {
    case undefined:
      return { status: "found", ticket };
    case "voided":
      return { status: "void", ticket, message: refusal.message };
    case "registered":
      return { status: "locked", ticket, buyer: refusal.buyer };
    case "raffle":
      return { status: "closed", ticket, message: refusal.message };
  }
}

export type SingleSubmitLabel =
  | "Register Ticket"
  | "Registering..."
  | "Already Registered"
  | "Ticket Void"
  | "Sales Closed"
  | "Search for ticket first";

/** The submit button's texts (SPEC section 2, and a void ticket's). */
export function singleSubmitLabel(state: LookupState, isRegistering: boolean): SingleSubmitLabel {
  if (isRegistering) return "Registering...";
  if (state.status === "locked") return "Already Registered";
  if (state.status === "void") return "Ticket Void";
  if (state.status === "closed") return "Sales Closed";
  if (state.status === "found") return "Register Ticket";
  return "Search for ticket first";
}
