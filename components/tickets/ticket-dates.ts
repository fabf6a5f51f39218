// Dates in the list (table and cards) with the browser's own Intl, in the raffle's timezone.
// Same text and the same 'No Date' / 'Invalid Date' rules as lib/format.ts's formatDateTime,
// without date-fns in Tickets Management's first load (~12 kB gzipped).
import { INVALID_DATE, NO_DATE } from "@/lib/format";

const dateFormats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let formats = dateFormats.get(timeZone);
  if (!formats) {
    formats = {
      date: new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" }),
      time: new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }),
    };
    dateFormats.set(timeZone, formats);
  }
  return formats;
}

/** { date: "Nov 23, 2026", time: "7:41 PM" }, or { date: 'No Date' | 'Invalid Date', time: null }. */
export function formatListDate(value: unknown, timeZone: string): { date: string; time: string | null } {
  if (value === null || value === undefined || value === "") return { date: NO_DATE, time: null };
  const d =
    value instanceof Date
      ? value
      : typeof value === "string" || typeof value === "number"
        ? new Date(value)
        : new Date(NaN);
  if (Number.isNaN(d.getTime())) return { date: INVALID_DATE, time: null };
  const { date, time } = formatsFor(timeZone);
  // Newer ICU puts a narrow no-break space before AM/PM; date-fns (elsewhere) writes a space.
  return { date: date.format(d), time: time.format(d).replace(/\u202f/g, " ") };
}
