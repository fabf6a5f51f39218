// The draw's date and time as the organiser enters it: the raffle's wall clock, "2026-12-20T15:00"
// (the `draw_at` setting, in the `timezone` setting's zone). Printed on stubs and shown on the
// public verify page; empty when not set.
import { fromZonedTime } from "date-fns-tz";

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether `value` is a real date and time in the shape "YYYY-MM-DDTHH:MM" (an <input type="datetime-local">'s value). */
export function isDrawAt(value: string): boolean {
  const m = SHAPE.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi] = m.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && y >= 2000 && y <= 2100;
}

/** "Sat, 20 Dec 2026, 3:00 PM" — the wall clock as written, no zone arithmetic. Empty when unset. */
export function formatDrawAt(value: string): string {
  if (!isDrawAt(value)) return "";
  const [, y, mo, d, h, mi] = SHAPE.exec(value)!.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const day = new Intl.DateTimeFormat("en-PH", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(date);
  const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true, timeZone: "UTC" }).format(date);
  return `${day}, ${time}`;
}

/** The instant (ISO, UTC) of a wall-clock draw time in `timeZone`; null when unset. */
export function drawAtInstant(value: string, timeZone: string): string | null {
  if (!isDrawAt(value)) return null;
  return fromZonedTime(`${value}:00`, timeZone).toISOString();
}
