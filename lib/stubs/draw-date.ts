// The draw's date and time as the organiser enters it: the raffle's wall clock, "2026-12-20T15:00"
// (the `draw_at` setting, in the `timezone` setting's zone). Printed on stubs and shown on the
// public verify page; empty when not set.
import { fromZonedTime } from "date-fns-tz/fromZonedTime";
import { formatDateTime } from "@/lib/format";

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether `value` is a real date and time in the shape "YYYY-MM-DDTHH:MM" (an <input type="datetime-local">'s value).
 */
export function isDrawAt(value: string): boolean {
  const m = SHAPE.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi] = m.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    y >= 2000 &&
    y <= 2100
  );
}

/**
 * "Sun, Dec 20, 2026 3:00 PM": the app's one time format with the weekday (decision 230), the wall
 * clock as written (read as UTC, so no zone arithmetic moves it). Empty when unset.
 */
export function formatDrawAt(value: string): string {
  if (!isDrawAt(value)) return "";
  const [, y, mo, d, h, mi] = SHAPE.exec(value)!.map(Number);
  return formatDateTime(new Date(Date.UTC(y, mo - 1, d, h, mi)), "UTC", "EEE, MMM d, yyyy h:mm a");
}

/** The instant (ISO, UTC) of a wall-clock draw time in `timeZone`; null when unset. */
export function drawAtInstant(value: string, timeZone: string): string | null {
  if (!isDrawAt(value)) return null;
  return fromZonedTime(`${value}:00`, timeZone).toISOString();
}
