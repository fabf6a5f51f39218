// Payment references (docs/decisions/050-payments.md), shared by the forms and the server.
// A reference is compared in its normalized form: its letters and digits, upper case, so
// "1001 543 610110" and "1001543610110" are the same transfer. The database normalizes with the
// same rule (payment_reference_normalize in the migrations; a test compares the two).

/** Real GCash reference numbers are 13 digits (receipts print them as "1001 543 610110"). */
export const GCASH_REFERENCE_DIGITS = 13;

export const PAYMENT_MESSAGES = {
  gcashReferenceRequired: "GCash reference is required for GCash payments",
  gcashReferenceDigits: `A GCash reference is ${GCASH_REFERENCE_DIGITS} digits (e.g. 1001 543 610110)`,
  referenceEmpty: "The payment reference must contain letters or digits",
  reasonRequired: "A reason is required to add tickets to another buyer's payment",
} as const;

/** "1001 543 610110" → "1001543610110"; null when nothing is left. */
export function normalizeReference(reference: string | null | undefined): string | null {
  const normalized = (reference ?? "").replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  return normalized === "" ? null : normalized;
}

/** The screens' rule for a GCash reference (the API also accepts older free-form ones). */
export function isGcashReference(reference: string | null | undefined): boolean {
  const normalized = normalizeReference(reference);
  return normalized !== null && new RegExp(`^\\d{${GCASH_REFERENCE_DIGITS}}$`).test(normalized);
}

export const PAYMENT_STATUSES = ["claimed", "verified", "rejected"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
