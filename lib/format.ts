// Display rules shared by every screen (SPEC section 5 "Display rules" and section 9): amounts
// as ₱ with 2 decimals, dates in the raffle's timezone, 'No Date' / 'Invalid Date', 'Unknown'
// payment methods, non-numeric counts as 0 and non-array chart data as empty.
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "@/lib/constants";

const peso = new Intl.NumberFormat("en-PH", {
  style: "currency",
  currency: "PHP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

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
export function formatShowing({
  page,
  pageSize,
  total,
  noun,
  capped,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: readonly [one: string, many: string];
  capped?: { shown: number; hasNext: boolean };
}): string {
  const word = total === 1 ? noun[0] : noun[1];
  if (capped && capped.shown > 0) {
    // A capped count (decision 081): `total` is a floor, and this page's rows say how far it
    // reaches; on the page with nothing after it, the count is exact again.
    const first = (page - 1) * pageSize + 1;
    const last = first + capped.shown - 1;
    const of = capped.hasNext ? `${formatCount(Math.max(total, last))}+` : formatCount(last);
    return (
      `Showing ${formatCount(first)}–${formatCount(last)} ` +
      `of ${of} ${last === 1 && !capped.hasNext ? noun[0] : noun[1]}`
    );
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
  const p = {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
  const millisecond = ((date.getTime() % 1000) + 1000) % 1000;
  // The zone's offset at that instant: its wall clock read as UTC, minus the instant itself.
  const offsetMinutes = Math.round(
    (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (date.getTime() - millisecond)) / 60_000,
  );
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return { ...p, millisecond, offsetMinutes, weekday };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The date-fns pattern tokens the app uses (yyyy MMM MM M dd d EEE HH H hh h mm ss SSS a xxx, and
 * text in single quotes), written with Intl so date-fns stays out of every screen's first load.
 */
const TOKEN = /'[^']*'|yyyy|MMM|MM|M|dd|d|EEE|HH|H|hh|h|mm|ss|SSS|a|xxx/g;

function formatPattern(date: Date, timeZone: string, pattern: string): string {
  const p = partsIn(date, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const offset = Math.abs(p.offsetMinutes);
  const tokens: Record<string, () => string> = {
    yyyy: () => pad(p.year, 4),
    MMM: () => MONTHS[p.month - 1],
    MM: () => pad(p.month),
    M: () => String(p.month),
    dd: () => pad(p.day),
    d: () => String(p.day),
    EEE: () => WEEKDAYS[p.weekday],
    HH: () => pad(p.hour),
    H: () => String(p.hour),
    hh: () => pad(hour12),
    h: () => String(hour12),
    mm: () => pad(p.minute),
    ss: () => pad(p.second),
    SSS: () => pad(p.millisecond, 3),
    a: () => (p.hour < 12 ? "AM" : "PM"),
    xxx: () => `${p.offsetMinutes < 0 ? "-" : "+"}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`,
  };
  return pattern.replace(TOKEN, (token) => (token.startsWith("'") ? token.slice(1, -1) : tokens[token]()));
}

/**
 * The app's one time format (issue 38 item 6, docs/decisions/230): every date and time a person
 * reads (screens, public pages, PDFs, e-mail) in the raffle's timezone as "Dec 2, 2026 9:46 PM";
 * with seconds where the second matters (the draw's proof); a value that is a date only as
 * "Dec 2, 2026"; CSV cells as ISO 8601 with the raffle zone's offset, exact and re-readable.
 */
export const TIME_FORMATS = {
  dateTime: "MMM d, yyyy h:mm a",
  dateTimeSeconds: "MMM d, yyyy h:mm:ss a",
  date: "MMM d, yyyy",
  csv: "yyyy-MM-dd'T'HH:mm:ss.SSSxxx",
  fileDate: "yyyy-MM-dd",
} as const;

function toDate(value: unknown): Date | null | undefined {
  if (value === null || value === undefined || value === "") return null;
  const date =
    value instanceof Date
      ? value
      : typeof value === "string" || typeof value === "number"
        ? new Date(value)
        : new Date(NaN);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A timestamp shown in the raffle's timezone with a date-fns-style pattern; 'No Date' when
 * missing, 'Invalid Date' when it cannot be read.
 */
export function formatDateTime(value: unknown, timeZone: string, pattern: string = TIME_FORMATS.dateTime): string {
  const date = toDate(value);
  if (date === null) return NO_DATE;
  if (date === undefined) return INVALID_DATE;
  return formatPattern(date, timeZone, pattern);
}

/** A value that is a date only ("Dec 2, 2026"), as the raffle's timezone sees that instant. */
export function formatDate(value: unknown, timeZone: string): string {
  return formatDateTime(value, timeZone, TIME_FORMATS.date);
}

/** A calendar day as stored ("2026-12-02", no instant) shown as a date: "Dec 2, 2026"; as given when not a day. */
export function formatDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return formatDateTime(`${day}T00:00:00Z`, "UTC", TIME_FORMATS.date);
}

/** A CSV cell: ISO 8601 with the raffle zone's offset ("2026-12-02T21:46:26.000+08:00"); empty when missing. */
export function formatCsvDateTime(value: unknown, timeZone: string): string {
  const date = toDate(value);
  return date ? formatPattern(date, timeZone, TIME_FORMATS.csv) : "";
}

/** The zone bank and e-wallet statements are read in (docs/decisions/111). */
export const STATEMENT_ZONE = "Asia/Manila";

/**
 * A statement line's time. A statement that gives only a date is read as that day's midnight in
 * Manila (statement-values.ts), so an instant at exactly 00:00:00.000 there is shown as the date
 * the statement wrote, never as "12:00 AM" as if the time were known (docs/decisions/230).
 */
export function formatStatementTime(value: unknown, timeZone: string): string {
  const date = toDate(value);
  if (date && isStatementDateOnly(date)) return formatPattern(date, STATEMENT_ZONE, TIME_FORMATS.date);
  return formatDateTime(value, timeZone);
}

/** A statement line's time as a CSV cell: the statement's date ("2026-12-02") when it gave no time. */
export function formatStatementCsvTime(value: unknown, timeZone: string): string {
  const date = toDate(value);
  if (date && isStatementDateOnly(date)) return formatPattern(date, STATEMENT_ZONE, TIME_FORMATS.fileDate);
  return formatCsvDateTime(value, timeZone);
}

function isStatementDateOnly(date: Date): boolean {
  const p = partsIn(date, STATEMENT_ZONE);
  return p.hour === 0 && p.minute === 0 && p.second === 0 && p.millisecond === 0;
}

/** Cash, GCash, Bank Transfer; 'Unknown' when missing; any other value as written. */
export function paymentMethodLabel(method: unknown): string {
  if (typeof method !== "string" || method.trim() === "") return "Unknown";
  const key = method
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_") as PaymentMethod;
  return PAYMENT_METHOD_LABELS[key] ?? method;
}

/** SPEC section 2: the creator is shown from creator_email, creator_name or user_id. */
export function creatorLabel(ticket: {
  creator_email?: string | null;
  creator_name?: string | null;
  user_id?: string | null;
}): string {
  return ticket.creator_email || ticket.creator_name || ticket.user_id || "Unknown";
}

/** A stored 10-digit phone number as the spec shows it: with a +63 prefix. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return "";
  return digits.startsWith("+") ? digits : `+63 ${digits}`;
}
