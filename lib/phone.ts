// Philippine mobile numbers: stored as the 10 national digits starting with 9 (SPEC section 5/9).

/** Digits of a written phone number with the country prefix (+63 / 63) or trunk 0 removed. */
export function phoneDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("63")) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith("0")) return digits.slice(1);
  if (input.trim().startsWith("+63")) return digits.slice(2);
  return digits;
}

export type PhoneProblem = "length" | "prefix";

/** Why a written phone number is not a valid mobile number, or null when it is. */
export function phoneProblem(input: string): PhoneProblem | null {
  const digits = phoneDigits(input);
  if (digits.length !== 10) return "length";
  if (!digits.startsWith("9")) return "prefix";
  return null;
}

/**
 * The digits to look for when a search term might be part of a phone number, written in any
 * form ("0917 123", "+63 917-123", "917123"); null when the term has fewer than 3 digits.
 */
export function phoneSearchDigits(term: string): string | null {
  if (/[^\d\s+()-]/.test(term)) return null;
  let digits = term.replace(/\D/g, "");
  if (term.trim().startsWith("+63") || (digits.startsWith("63") && digits.length > 10)) digits = digits.slice(2);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= 3 ? digits : null;
}
