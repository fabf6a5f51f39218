// What a phone field keeps while a person types (SPEC section 5: digits only, at most 10), the
// same as the generate form: a complete 0917 123 4567 or +63 917 123 4567 becomes its 10 digits
// at once. Unlike a plain cut at 10, the trunk 0 and the country code 63 may be typed one digit
// at a time (a phone's numeric keypad has no "+") without losing the number's last digits.
import { phoneDigits, phoneProblem } from "@/lib/phone";

const NATIONAL_DIGITS = 10;

export function normalizePhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (digits.startsWith("0")) {
    const national = digits.slice(0, NATIONAL_DIGITS + 1);
    return national.length === NATIONAL_DIGITS + 1 ? national.slice(1) : national;
  }
  if (digits.startsWith("63") && (raw.trim().startsWith("+") || digits.length > NATIONAL_DIGITS)) {
    const international = digits.slice(0, NATIONAL_DIGITS + 2);
    return international.length === NATIONAL_DIGITS + 2 ? international.slice(2) : international;
  }
  return digits.slice(0, NATIONAL_DIGITS);
}

/** On leaving the field: a valid number in any written form becomes its 10 digits; anything else stays as typed. */
export function settlePhoneInput(value: string): string {
  return value && !phoneProblem(value) ? phoneDigits(value) : value;
}
