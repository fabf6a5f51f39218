// Reconciliation's names, labels and limits (issue 21), without zod: the screen shows the report
// labels and pages by LINES_PAGE_SIZE at load, and a module that only needs a constant must not
// import a schema module (decision 176). lib/schemas/reconciliation.ts validates with them and
// re-exports them.

export const STATEMENT_KINDS = ["gcash_pdf", "bank_csv"] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
export const STATEMENT_KIND_LABELS: Record<StatementKind, string> = {
  gcash_pdf: "GCash statement (PDF)",
  bank_csv: "Bank statement (CSV)",
};

export const LINE_STATES = ["matched", "amount_mismatch", "duplicate", "unmatched", "ignored", "discarded"] as const;
export type LineState = (typeof LINE_STATES)[number];
/** What each state means, as the screen explains it. */
export const LINE_STATE_LABELS: Record<LineState, { label: string; explain: string }> = {
  matched: {
    label: "Matched",
    explain: "Reference and amount agree with a payment (or a person confirmed it); the payment counts it.",
  },
  amount_mismatch: {
    label: "Amount mismatch",
    explain: "The reference is a payment's, the amount is not: accept it with a comment, or ignore it.",
  },
  duplicate: { label: "Duplicate", explain: "The reference is a payment's that other lines already cover in full." },
  unmatched: {
    label: "Unmatched",
    explain: "No payment carries this reference: confirm a suggested payment, or ignore it with a reason.",
  },
  ignored: { label: "Ignored", explain: "A person set it aside with a reason (not raffle money)." },
  discarded: { label: "Discarded", explain: "Its import was undone; it counts for nothing." },
};

/** Bank profiles whose column mappings are saved (design notes, section 5). */
export const BANK_PROFILES = ["BDO", "BPI", "Metrobank", "Other"] as const;
export type BankProfile = (typeof BANK_PROFILES)[number];

/** 10 MB a file (issue 21). */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The parse's time limit in its worker. */
export const STATEMENT_PARSE_LIMIT_MS = 20_000;
export const LINES_PAGE_SIZE = 100;

export const REPORT_NAMES = ["unverified-claims", "unmatched", "mismatches", "duplicates", "matched"] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export const REPORT_LABELS: Record<ReportName, string> = {
  "unverified-claims": "Unverified claims",
  unmatched: "Money without tickets",
  mismatches: "Mismatches",
  duplicates: "Duplicates",
  matched: "Matched",
};
