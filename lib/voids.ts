// Why a ticket was taken out of the raffle (docs/decisions/051-voids.md). The list is fixed; the
// database refuses any other value and a void of reason 'other' without a note of 10 characters.

export const VOID_REASONS = [
  "spoiled_misprint",
  "lost_stub",
  "payment_failed",
  "duplicate_sale",
  "refunded",
  "ineligible_buyer",
  "other",
] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

export const VOID_REASON_LABELS: Record<VoidReason, string> = {
  spoiled_misprint: "Spoiled or misprinted",
  lost_stub: "Lost stub",
  payment_failed: "Payment failed",
  duplicate_sale: "Duplicate sale",
  refunded: "Refunded",
  ineligible_buyer: "Ineligible buyer",
  other: "Other",
};

/** A note of at least this many characters is required with reason 'other'. */
export const VOID_NOTE_MIN_FOR_OTHER = 10;

export function voidReasonLabel(reason: string | null | undefined): string {
  return reason && reason in VOID_REASON_LABELS ? VOID_REASON_LABELS[reason as VoidReason] : (reason ?? "");
}

/** 'Ticket B2K-123-00042 is void: Lost stub' — the answer to every write on a voided ticket. */
export function ticketVoidedMessage(controlNumber: string, reason: string | null | undefined): string {
  return `Ticket ${controlNumber} is void: ${voidReasonLabel(reason)}`;
}
