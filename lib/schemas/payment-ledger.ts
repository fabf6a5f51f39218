// The payment ledger's requests (issue 37): the list's filters and the settle/unsettle body; and its
// answers' contracts (GET /api/reconciliation/payments and /summary), which the server is typed from.
import { z } from "zod";
import { LEDGER_METHODS, LEDGER_STATES } from "@/lib/payment-ledger";

export const ledgerQuerySchema = z.object({
  state: z.enum(LEDGER_STATES, { error: `state must be one of ${LEDGER_STATES.join(", ")}` }).optional(),
  method: z.enum(LEDGER_METHODS, { error: `method must be one of ${LEDGER_METHODS.join(", ")}` }).optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** The reason is checked by the service, so a missing one answers 422 reason_required (the contract). */
export const settleBodySchema = z.object({ reason: z.string().max(500, "reason: at most 500 characters").optional() });

const instant = z.iso.datetime({ offset: true });
/** Pesos, two decimals, as a string. */
const pesos = z.string().regex(/^-?\d+\.\d{2}$/);

export const ledgerEvidenceSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Removed by the purge of personal data: the archive keeps the file, its SHA-256 names it. */
  removed: z.boolean(),
});
export type LedgerEvidence = z.infer<typeof ledgerEvidenceSchema>;

export const ledgerPaymentSchema = z.object({
  paymentId: z.uuid(),
  method: z.enum(LEDGER_METHODS),
  reference: z.string().nullable(),
  amount: pesos,
  state: z.enum(LEDGER_STATES),
  controlNumbers: z.array(z.string()),
  /** Pesos the matched statement lines hold. */
  covered: pesos,
  paidAt: instant,
  payerName: z.string().nullable(),
  collectedBy: z.string().nullable(),
  settledAt: instant.nullable(),
  settledBy: z.string().nullable(),
  settleReason: z.string().nullable(),
  /** The settlement's evidence file, if one was given (docs/decisions/235). */
  evidence: ledgerEvidenceSchema.nullable(),
  /** What to do about it, in words. */
  fix: z.string(),
});
export type LedgerPayment = z.infer<typeof ledgerPaymentSchema>;

/** GET /api/reconciliation/payments: one state's payments (of one method or both), with their count and sum. */
export const ledgerListSchema = z.object({
  payments: z.array(ledgerPaymentSchema),
  count: z.number().int(),
  total: pesos,
});
export type LedgerList = z.infer<typeof ledgerListSchema>;

export const ledgerFigureSchema = z.object({ count: z.number().int(), total: pesos });
export type LedgerFigure = z.infer<typeof ledgerFigureSchema>;

/** GET /api/reconciliation/summary: the money lines every surface prints. */
export const ledgerSummarySchema = z.object({
  claimed: ledgerFigureSchema,
  verified: ledgerFigureSchema,
  settledByHand: ledgerFigureSchema,
  unverified: ledgerFigureSchema,
  awaitingStatement: ledgerFigureSchema,
  /** Remittances not voided: the cash side. */
  cashRemitted: ledgerFigureSchema,
});
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;
