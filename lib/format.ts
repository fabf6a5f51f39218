// Display rules shared by every screen (SPEC section 5 "Display rules" and section 9): amounts
// as ₱ with 2 decimals, dates in the raffle's timezone, 'No Date' / 'Invalid Date', 'Unknown'
// payment methods, non-numeric counts as 0 and non-array chart data as empty.
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "@/lib/constants";

const peso = new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A count or amount from the server; anything non-numeric counts as 0. */
export function toNumber(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** Chart and list data that is not an array is treated as empty. */
export function asArray<T>(value: T[] | unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** ₱1,234.50 */
export function formatPeso(value: unknown): string {
  return peso.format(toNumber(value));
}

/** 1,234 */
export function formatCount(value: unknown): string {
  return toNumber(value).toLocaleString("en-US");
}

/** '1 ticket', '0 tickets', '1,234 tickets': a count with its noun, singular only for exactly one. */
export function formatCountOf(value: unknown, one: string, many = `${one}s`): string {
  const n = toNumber(value);
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A pager's range: "Showing 101–200 of 1,234 lines" ("0 lines" when there is none). */
export function formatShowing({ page, pageSize, total, noun, capped }: { page: number; pageSize: number; total: number; noun: readonly [one: string, many: string]; capped?: { shown: number; hasNext: boolean } }): string {
  const word = total === 1 ? noun[0] : noun[1];
  if (capped && capped.shown > 0) {
    // A capped count (decision 081): `total` is a floor, and this page's rows say how far it
    // reaches; on the page with nothing after it, the count is exact again.
    const first = (page - 1) * pageSize + 1;
    const last = first + capped.shown - 1;
    const of = capped.hasNext ? `${formatCount(Math.max(total, last))}+` : formatCount(last);
    return `Showing ${formatCount(first)}–${formatCount(last)} of ${of} ${last === 1 && !capped.hasNext ? noun[0] : noun[1]}`;
  }
  if (capped) return `${formatCount(total)}+ ${noun[1]}`;
  if (total <= 0) return `0 ${word}`;
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} ${word}`;
}

export const NO_DATE = "No Date";
export const INVALID_DATE = "Invalid Date";

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of `date` in `timeZone`, from the browser's (or Node's) own Intl. */
function partsIn(date: Date, timeZone: string) {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    partFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(date)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The date-fns pattern tokens the screens use (yyyy MMM MM M dd d HH H hh h mm ss a, and text in
 * single quotes), written with Intl so date-fns stays out of every screen's first load.
 */
const TOKEN = /'[^']*'|yyyy|MMM|MM|M|dd|d|HH|H|hh|h|mm|ss|a/g;

function formatPattern(date: Date, timeZone: string, pattern: string): string {
  const p = partsIn(date, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const tokens: Record<string, () => string> = {
    yyyy: () => pad(p.year, 4),
    MMM: () => MONTHS[p.month - 1],
    MM: () => pad(p.month),
    M: () => String(p.month),
    dd: () => pad(p.day),
    d: () => String(p.day),
    HH: () => pad(p.hour),
    H: () => String(p.hour),
    hh: () => pad(hour12),
    h: () => String(hour12),
    mm: () => pad(p.minute),
    ss: () => pad(p.second),
    a: () => (p.hour < 12 ? "AM" : "PM"),
  };
  return pattern.replace(TOKEN, (token) => (token.startsWith("'") ? token.slice(1, -1) : tokens[token]()));
}

/**
 * A timestamp shown in the raffle's timezone with a date-fns-style pattern; 'No Date' when
 * missing, 'Invalid Date' when it cannot be read.
 */
export function formatDateTime(value: unknown, timeZone: string, pattern = "MMM d, yyyy h:mm a"): string {
  if (value === null || value === undefined || value === "") return NO_DATE;
  const date = value instanceof Date ? value : typeof value === "string" || typeof value === "number" ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  return formatPattern(date, timeZone, pattern);
}

/** Cash, GCash, Bank Transfer; 'Unknown' when missing; any other value as written. */
export function paymentMethodLabel(method: unknown): string {
  if (typeof method !== "string" || method.trim() === "") return "Unknown";
  const key = method.trim().toLowerCase().replace(/[\s-]+/g, "_") as PaymentMethod;
  return PAYMENT_METHOD_LABELS[key] ?? method;
}

/** SPEC section 2: the creator is shown from creator_email, creator_name or user_id. */
export function creatorLabel(ticket: { creator_email?: string | null; creator_name?: string | null; user_id?: string | null }): string {
  return ticket.creator_email || ticket.creator_name || ticket.user_id || "Unknown";
}

/** A stored 10-digit phone number as the spec shows it: with a +63 prefix. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return "";
  return digits.startsWith("+") ? digits : `+63 ${digits}`;
}
