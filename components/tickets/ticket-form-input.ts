// What the Generate / Edit form's inputs keep as a person types or pastes (SPEC section 5).
import { MAX_TICKETS_PER_TRANSACTION } from "@/lib/constants";
// The phone field keeps what every phone field keeps: lib/phone-input.ts (normalizePhoneInput).

/** Digits only, at most `max` of them (custom middle and last digits). */
export function keepDigits(input: string, max: number): string {
  return input.replace(/\D/g, "").slice(0, max);
}

/**
 * The number of tickets as typed, clamped to 1-100. `clamped` says the typed value was outside
 * the range (the form then says why it changed); an empty input stays empty while typing.
 */
export function clampQuantity(input: string): { value: number | ""; clamped: boolean } {
  const digits = input.replace(/[^\d-]/g, "");
  if (digits === "" || digits === "-") return { value: "", clamped: false };
  const n = Math.trunc(Number(digits));
  if (!Number.isFinite(n)) return { value: 1, clamped: true };
  if (n < 1) return { value: 1, clamped: true };
  if (n > MAX_TICKETS_PER_TRANSACTION) return { value: MAX_TICKETS_PER_TRANSACTION, clamped: true };
  return { value: n, clamped: false };
}
