// The payment ledger's requests (issue 37): the list's filters and the settle/unsettle body.
import { z } from "zod";
import { LEDGER_METHODS, LEDGER_STATES } from "@/lib/payment-ledger";

export const ledgerQuerySchema = z.object({
  state: z.enum(LEDGER_STATES, { error: `state must be one of ${LEDGER_STATES.join(", ")}` }).optional(),
  method: z.enum(LEDGER_METHODS, { error: `method must be one of ${LEDGER_METHODS.join(", ")}` }).optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** The reason is checked by the service, so a missing one answers 422 reason_required (the contract). */
export const settleBodySchema = z.object({ reason: z.string().max(500, "reason: at most 500 characters").optional() });
