// Ticket numbers and control numbers ({prefix}-{3 digits}-{5 digits}), shared by browser and server.
import { MAX_TICKET_NUMBER } from "@/lib/constants";

/** The 5-digit, zero-padded form of a ticket number (last_5_digits). */
export function formatTicketNumber(n: number): string {
  return String(n).padStart(5, "0");
}

export function formatControlNumber(prefix: string, middle: string, ticketNumber: number): string {
  return `${prefix}-${middle}-${formatTicketNumber(ticketNumber)}`;
}

/** The highest ticket number that may be allocated under a `max_ticket_limit` setting. */
export function effectiveTicketLimit(maxTicketLimit: number): number {
  return Math.max(0, Math.min(maxTicketLimit, MAX_TICKET_NUMBER));
}

export type TicketRef =
  | { kind: "id"; id: string }
  | { kind: "number"; ticketNumber: number }
  | { kind: "control"; controlNumber: string; ticketNumber: number }
  | { kind: "invalid" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTROL = /^\S+-\d{3}-(\d{5})$/;

/**
 * How a caller named a ticket: its id (uuid), its ticket number ("42" or "00042") or its
 * control number (any case). A control number also yields its ticket number, so lookups go
 * through the unique ticket_number index and then compare the whole control number.
 */
export function parseTicketRef(input: string | number): TicketRef {
  const ref = String(input).trim();
  if (UUID.test(ref)) return { kind: "id", id: ref.toLowerCase() };
  if (/^\d{1,5}$/.test(ref)) {
    const n = Number(ref);
    return n >= 1 ? { kind: "number", ticketNumber: n } : { kind: "invalid" };
  }
  const control = CONTROL.exec(ref);
  if (control) {
    const n = Number(control[1]);
    return n >= 1 ? { kind: "control", controlNumber: ref, ticketNumber: n } : { kind: "invalid" };
  }
  return { kind: "invalid" };
}

/** Collapses sorted ticket numbers into inclusive [from, to] runs. */
export function toRanges(sortedNumbers: number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const n of sortedNumbers) {
    const last = ranges[ranges.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else ranges.push([n, n]);
  }
  return ranges;
}
