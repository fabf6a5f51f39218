// What a phone field keeps while a person types (SPEC section 5: digits only). The national
// form the placeholder shows (09XX XXX XXXX, 11 digits) and the +63 form (12 digits) are kept
// whole so that typing them as written never cuts the last digit; everything else stops at 10.
// The schemas (lib/schemas/ticket.ts) turn each form into the stored 10 digits.
import { phoneDigits, phoneProblem } from "@/lib/phone";

const NATIONAL_DIGITS = 10;

export function normalizePhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (digits.startsWith("0")) return digits.slice(0, NATIONAL_DIGITS + 1);
  if (digits.startsWith("63") && (raw.trim().startsWith("+") || digits.length > NATIONAL_DIGITS)) return digits.slice(0, NATIONAL_DIGITS + 2);
  return digits.slice(0, NATIONAL_DIGITS);
}

/** On leaving the field: a valid number in any written form becomes its 10 digits; anything else stays as typed. */
export function settlePhoneInput(value: string): string {
  return value && !phoneProblem(value) ? phoneDigits(value) : value;
}
