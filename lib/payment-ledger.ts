// The payment ledger (issue 37, docs/decisions/193): the one definition of where a GCash or bank
// payment stands, shared by the screens and the server. The SQL that decides it is in
// server/reconciliation/payment-ledger.ts; these are its names, words and links (no zod here: the
// screens load this; the request schemas and the answers' contracts are in lib/schemas/payment-ledger.ts,
// whose types only are used here).
import { formatPeso } from "@/lib/format";
import type { LedgerFigure, LedgerSummary } from "@/lib/schemas/payment-ledger";

export const LEDGER_STATES = ["verified", "unverified", "awaiting_statement", "settled_by_hand"] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];
/** Cash is accounted for by remittances, not statements. */
export const LEDGER_METHODS = ["gcash", "bank_transfer"] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

export const LEDGER_STATE_LABELS: Record<LedgerState, string> = {
  verified: "Verified by statement",
  unverified: "Unverified",
  awaiting_statement: "Awaiting statement",
  settled_by_hand: "Settled by hand",
};
export const LEDGER_METHOD_LABELS: Record<LedgerMethod, string> = { gcash: "GCash", bank_transfer: "Bank transfer" };

/** What each state means, in the words the screens and docs/reconciliation.md use. */
export const LEDGER_STATE_MEANINGS: Record<LedgerState, string> = {
  verified: "Statement lines matched to the payment add up to its amount.",
  unverified:
    "A kept statement of its method covers its day and no line carries it (or its " +
    "lines fall short): the sign of a payment that never arrived.",
  awaiting_statement: "No kept statement of its method covers its day yet.",
  settled_by_hand: "An administrator accepted it with a reason: money no statement will show.",
};

export const LEDGER_MESSAGES = {
  reasonRequired: "A reason is required to settle a payment by hand",
  unsettleReasonRequired: "A reason is required to undo a settlement",
  alreadyVerified: "This payment is verified by its statement lines: there is nothing to settle by hand",
  notSettled: "This payment is not settled by hand",
  alreadySettled: "This payment is already settled by hand",
  cash: "A cash payment is accounted for by its seller's remittances, not settled by hand",
  voided: "Every ticket of this payment is voided: it is in no figure",
} as const;

/** The list screen of exactly the payments in one state (and method): where every blocker links. */
export function ledgerListHref(state: LedgerState, method?: LedgerMethod): string {
  const q = new URLSearchParams({ tab: "payments", state });
  if (method) q.set("method", method);
  return `/dashboard/reconciliation?${q.toString()}`;
}

/** Where a settlement's evidence file downloads from (administrators). */
export const settleEvidencePath = (paymentId: string, evidenceId: string) =>
  `/api/reconciliation/payments/${encodeURIComponent(paymentId)}/evidence/${encodeURIComponent(evidenceId)}`;

// The answers' shapes are the zod contracts of lib/schemas/payment-ledger.ts.
export type {
  LedgerEvidence,
  LedgerFigure,
  LedgerList,
  LedgerPayment,
  LedgerSummary,
} from "@/lib/schemas/payment-ledger";

/** The five money lines every surface prints, in this order and with these labels. */
export const SUMMARY_FIGURES: { key: keyof LedgerSummary; label: string }[] = [
  { key: "claimed", label: "Money claimed (GCash and bank)" },
  { key: "verified", label: "Verified by statement" },
  { key: "settledByHand", label: "Settled by hand" },
  { key: "unverified", label: "Still unverified" },
  { key: "awaitingStatement", label: "Awaiting a statement" },
  { key: "cashRemitted", label: "Cash remitted" },
];

export const figureText = (f: LedgerFigure, unit = "payment") =>
  `${formatPeso(f.total)} (${f.count} ${unit}${f.count === 1 ? "" : "s"})`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The blocker's sentence: the same count as the list it links to. */
export function ledgerBlockerMessage(state: "unverified" | "awaiting_statement", count: number, total: string): string {
  const what = `${plural(count, "GCash or bank payment")} (${formatPeso(total)})`;
  return state === "unverified"
    ? `${what} ${count === 1 ? "is" : "are"} unverified: a statement covers ${count === 1 ? "its" : "their"} ` +
        `day and no line carries ${count === 1 ? "it" : "them"}. Match a line or settle by hand`
    : `${what} ${count === 1 ? "awaits" : "await"} a statement: import the statement ` +
        `covering ${count === 1 ? "its" : "their"} day, or settle by hand`;
}
