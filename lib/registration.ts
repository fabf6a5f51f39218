// Ticket registration (SPEC sections 4, 5 and 9): the timings the screen waits, and the pure
// rules it follows, shared by the screen's parts and their unit tests.

/** SPEC section 4 "Single registration" and section 9: a lookup starts 800 ms after the last keystroke. */
export const SINGLE_LOOKUP_DEBOUNCE_MS = 800;
/** SPEC section 4 "Single registration" and section 9: the artificial 1.5 s wait added to each lookup. */
export const SINGLE_LOOKUP_WAIT_MS = 1500;
/** SPEC section 4 "Single registration": fewer characters than this clear the result instead of searching. */
export const SINGLE_LOOKUP_MIN_LENGTH = 3;
/** SPEC section 4 "Multiple registration" and section 9: the unregistered list's search debounce. */
export const UNREGISTERED_SEARCH_DEBOUNCE_MS = 500;

/** The status lines of SPEC sections 2, 5 and 8, word for word (a refusal's words: lib/registrability.ts). */
export const REGISTRATION_TEXT = {
  found: "Ticket found! You can now enter buyer information.",
  notFound: "Ticket not found with the provided control number or last 5 digits",
  lookupFailed: "Failed to search for ticket. Please try again.",
  addDuplicate: "Ticket is already selected for registration",
  addNotFound: "Ticket not found with the provided control number",
  addSuccess: (controlNumber: string) => `Ticket ${controlNumber} added to selection`,
  registrationFailed: (message: string) => `Registration failed: ${message}`,
  registrationFallback: "Failed to register ticket(s)",
  loadFailed: "Failed to load unregistered tickets",
  succeeded: "Registration Successful!",
  failed: "Registration Failed",
} as const;

/** Resolves after `ms`, or rejects with an AbortError when `signal` aborts first. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException("Aborted", "AbortError"));
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The least a ticket row needs for the lists and the result cards. */
export interface TicketSummary {
  id: string;
  control_number: string;
  last_5_digits: string;
  payment_method: string;
  amount: number;
}

/** A row of the unregistered list: still free, or registered by someone since it was listed. */
export interface ListedTicket {
  ticket: TicketSummary;
  /** The buyer's name when the ticket was registered after it was listed. */
  registeredTo?: string;
}

/**
 * The rows to show: the page as the server sends it now, with the tickets that left it because
 * someone registered them put back where they were (marked, so they can no longer be selected).
 */
export function mergeRegisteredRows(
  rows: readonly TicketSummary[],
  registered: readonly { ticket: TicketSummary; buyer: string; index: number }[],
): ListedTicket[] {
  const present = new Set(rows.map((r) => r.id));
  const merged: ListedTicket[] = rows.map((ticket) => ({ ticket }));
  const back = registered.filter((r) => !present.has(r.ticket.id)).sort((a, b) => a.index - b.index);
  for (const r of back) merged.splice(Math.min(r.index, merged.length), 0, { ticket: r.ticket, registeredTo: r.buyer });
  return merged;
}

/** 'Page X of Y (N total)' needs Y: at least 1, so an empty list is page 1 of 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
