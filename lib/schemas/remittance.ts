// Seller accountability (issue 20; docs/decisions/090–094): stub allocations and returns,
// remittances with numbered receipts, adjustments, balances and statements. One contract for the
// route handlers, the forms and the tests. Amounts are strings with two decimals ('1250.00'),
// parsed to integer centavos (lib/money.ts), never floats.
import { z } from "zod";
import { PAYMENT_METHODS } from "@/lib/constants";
import { MAX_TICKET_NUMBER } from "@/lib/constants";
import { centavosToAmount, parseCentavos } from "@/lib/money";
import { text, textRules } from "@/lib/schemas/text";

/** The largest amount one remittance or adjustment may carry: ₱1,000,000.00. */
export const MAX_REMITTANCE_CENTAVOS = 100_000_000;
/** Stubs one allocation call may hand out (a range of 00001–10000 at most). */
export const MAX_ALLOCATION_SIZE = 10_000;
/** Stubs one return call may take back. */
export const MAX_RETURN_SIZE = 1_000;
const NOTE_MAX = 500;

export const REMITTANCE_MESSAGES = {
  sellerId: "sellerId must be a user id as GET /api/auth/users lists it",
  amount: "amount must be pesos from 0.01 to 1,000,000.00 with at most two decimals, written as text like '1250.00'",
  adjustmentAmount:
    "amount must be pesos from -1,000,000.00 to 1,000,000.00, not zero, with at most two decimals, " +
    "written as text like '-150.00'",
  method: `method must be one of ${PAYMENT_METHODS.join(", ")}`,
  coversUntil: "coversUntil must be a date and time with its offset, like 2026-11-25T18:00:00+08:00",
  voidReason: "A reason is required to void a receipt",
  adjustmentReason: "A reason is required for an adjustment",
  ticketNumber:
    `from and to must be ticket numbers from 1 to ${MAX_TICKET_NUMBER} (a number, or 5 ` + `digits like '00100')`,
  rangeOrder: "to must not be lower than from",
  rangeSize: `One allocation hands out at most ${MAX_ALLOCATION_SIZE.toLocaleString("en-US")} stubs`,
  ticketIds:
    `ticketIds must list 1 to ${MAX_RETURN_SIZE.toLocaleString("en-US")} tickets (ids, numbers ` +
    `or control numbers)`,
} as const;
const M = REMITTANCE_MESSAGES;

const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** A positive amount as text ('1250.00') → centavos. A JSON number is refused: it could be a float. */
export const amountField = z.string({ error: M.amount }).transform((value, ctx) => {
  const centavos = parseCentavos(value);
  if (centavos === null || centavos <= 0 || centavos > MAX_REMITTANCE_CENTAVOS) {
    ctx.addIssue({ code: "custom", message: M.amount });
    return z.NEVER;
  }
  return centavos;
});

/** A signed, non-zero amount as text ('-150.00') → centavos. */
export const signedAmountField = z.string({ error: M.adjustmentAmount }).transform((value, ctx) => {
  const centavos = parseCentavos(value, { signed: true });
  if (centavos === null || centavos === 0 || Math.abs(centavos) > MAX_REMITTANCE_CENTAVOS) {
    ctx.addIssue({ code: "custom", message: M.adjustmentAmount });
    return z.NEVER;
  }
  return centavos;
});

export const sellerIdField = z.uuid({ error: M.sellerId }).transform((v) => v.toLowerCase());
const methodField = z.enum(PAYMENT_METHODS, { error: M.method });
const noteField = z.preprocess(
  blank,
  textRules(text().trim(), { label: "Note", max: NOTE_MAX, multiline: true }).optional(),
);
const requiredReason = (message: string) =>
  z.preprocess(
    blank,
    textRules(text({ error: message }).trim().min(1, message), { label: "Reason", max: NOTE_MAX, multiline: true }),
  );

/** POST /api/remittances */
export const recordRemittanceSchema = z.object({
  sellerId: sellerIdField,
  amount: amountField,
  method: z.preprocess(blank, methodField.default("cash")),
  coversUntil: z.preprocess(blank, z.iso.datetime({ offset: true, error: M.coversUntil }).optional()),
  note: noteField,
});
export type RecordRemittancePayload = z.output<typeof recordRemittanceSchema>;

/** The Record remittance dialog: what its inputs hold (strings), the same field rules. */
export const recordRemittanceFormSchema = z.object({
  sellerId: z.string().min(1, "Choose a seller").pipe(sellerIdField),
  amount: amountField,
  method: methodField,
  /** A datetime-local input's value ('2026-11-25T18:00'), read in the browser's own time zone. */
  coversUntil: z
    .string()
    .refine((v) => v === "" || Number.isFinite(new Date(v).getTime()), "Covers sales up to must be a date and time"),
  note: textRules(text().trim(), { label: "Note", max: NOTE_MAX, multiline: true }),
});
export type RecordRemittanceFormValues = z.input<typeof recordRemittanceFormSchema>;

/** POST /api/remittances/{id}/void */
export const voidRemittanceSchema = z.object({ reason: requiredReason(M.voidReason) });
export type VoidRemittancePayload = z.output<typeof voidRemittanceSchema>;
export const voidRemittanceFormSchema = z.object({
  reason: textRules(text().trim().min(1, M.voidReason), { label: "Reason", max: NOTE_MAX, multiline: true }),
});
export type VoidRemittanceFormValues = z.input<typeof voidRemittanceFormSchema>;

/** POST /api/remittances/adjustments: positive lowers what the seller owes (a write-off), negative raises it. */
export const recordAdjustmentSchema = z.object({
  sellerId: sellerIdField,
  amount: signedAmountField,
  reason: requiredReason(M.adjustmentReason),
});
export type RecordAdjustmentPayload = z.output<typeof recordAdjustmentSchema>;
export const recordAdjustmentFormSchema = z.object({
  sellerId: z.string().min(1, "Choose a seller").pipe(sellerIdField),
  amount: signedAmountField,
  reason: textRules(text().trim().min(1, M.adjustmentReason), { label: "Reason", max: NOTE_MAX, multiline: true }),
});
export type RecordAdjustmentFormValues = z.input<typeof recordAdjustmentFormSchema>;

function toTicketNumber(value: string | number, ctx: z.RefinementCtx): number {
  const n = typeof value === "number" ? value : /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_TICKET_NUMBER) {
    ctx.addIssue({ code: "custom", message: M.ticketNumber });
    return z.NEVER;
  }
  return n;
}
/** A ticket number as a JSON integer or as text ('100' or '00100'). */
const ticketNumberField = z.union([z.number(), z.string()], { error: M.ticketNumber }).transform(toTicketNumber);
const ticketNumberText = z.string().transform(toTicketNumber);

/** POST /api/sellers/{id}/allocations: an inclusive range of existing tickets. */
export const allocateStubsSchema = z
  .object({ from: ticketNumberField, to: ticketNumberField })
  .superRefine((value, ctx) => {
    if (value.to < value.from) ctx.addIssue({ code: "custom", path: ["to"], message: M.rangeOrder });
    else if (value.to - value.from + 1 > MAX_ALLOCATION_SIZE)
      ctx.addIssue({ code: "custom", path: ["to"], message: M.rangeSize });
  });
export type AllocateStubsPayload = z.output<typeof allocateStubsSchema>;
export const allocateStubsFormSchema = z
  .object({ from: ticketNumberText, to: ticketNumberText })
  .superRefine((value, ctx) => {
    if (value.to < value.from) ctx.addIssue({ code: "custom", path: ["to"], message: M.rangeOrder });
    else if (value.to - value.from + 1 > MAX_ALLOCATION_SIZE)
      ctx.addIssue({ code: "custom", path: ["to"], message: M.rangeSize });
  });
export type AllocateStubsFormValues = z.input<typeof allocateStubsFormSchema>;

/** POST /api/sellers/{id}/returns: stubs given back unsold (ids, numbers or control numbers). */
export const returnStubsSchema = z.object({
  ticketIds: z
    .array(z.union([z.string().trim().min(1), z.number().int().positive()]).transform(String), { error: M.ticketIds })
    .min(1, M.ticketIds)
    .max(MAX_RETURN_SIZE, M.ticketIds),
});
export type ReturnStubsPayload = z.output<typeof returnStubsSchema>;

/** GET /api/remittances/report.pdf?seller= */
export const remittanceReportQuerySchema = z.object({
  seller: z.preprocess(blank, sellerIdField.optional()),
  paper: z.preprocess(blank, z.enum(["a4", "letter"], { error: "paper must be a4 or letter" }).default("a4")),
});
export const receiptQuerySchema = z.object({
  paper: z.preprocess(blank, z.enum(["a4", "letter"], { error: "paper must be a4 or letter" }).default("a4")),
});

// ---- Answers ----

const instant = z.iso.datetime({ offset: true });
/** Pesos, two decimals, as a string ("1250.00"; an adjustment may be negative). */
const pesos = z.string().regex(/^-?\d+\.\d{2}$/);

/** A receipt (remittance) as POST /api/remittances and its void answer it. */
export const remittanceJsonSchema = z.object({
  id: z.uuid(),
  receiptNumber: z.number().int(),
  sellerId: z.uuid(),
  amount: pesos,
  method: z.enum(PAYMENT_METHODS),
  coversUntil: instant,
  note: z.string().nullable(),
  createdAt: instant,
  receivedBy: z.string().nullable(),
  voided: z.boolean(),
  voidedAt: instant.nullable(),
  voidReason: z.string().nullable(),
});
export type RemittanceJson = z.infer<typeof remittanceJsonSchema>;

/** POST /api/remittances (201) and POST /api/remittances/{id}/void. */
export const remittanceSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  remittance: remittanceJsonSchema,
});
export type RemittanceSaved = z.infer<typeof remittanceSavedSchema>;

export const adjustmentJsonSchema = z.object({
  id: z.uuid(),
  sellerId: z.uuid(),
  amount: pesos,
  reason: z.string(),
  createdAt: instant,
  createdBy: z.string().nullable(),
});
export type AdjustmentJson = z.infer<typeof adjustmentJsonSchema>;

/** POST /api/remittances/adjustments (201). */
export const adjustmentSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  adjustment: adjustmentJsonSchema,
});
export type AdjustmentSaved = z.infer<typeof adjustmentSavedSchema>;

/** POST /api/sellers/{id}/allocations (201): the stubs from-to handed to the seller. */
export const allocationAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  allocation: z.object({
    sellerId: z.uuid(),
    batchId: z.uuid(),
    /** Ticket numbers, five digits ("00001"). */
    from: z.string(),
    to: z.string(),
    allocated: z.number().int(),
  }),
});
export type AllocationAnswer = z.infer<typeof allocationAnswerSchema>;

/** POST /api/sellers/{id}/returns: how many stubs came back, and their numbers. */
export const returnsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  sellerId: z.uuid(),
  returned: z.number().int(),
  numbers: z.array(z.string()),
});
export type ReturnsAnswer = z.infer<typeof returnsAnswerSchema>;

/** One seller's row of GET /api/remittances/balances (docs/figures.md, Remittances). */
export const sellerBalanceSchema = z.object({
  sellerId: z.string(),
  email: z.string(),
  name: z.string(),
  isDisabled: z.boolean(),
  /** Stubs handed to the seller and not returned (sold, voided and unsold alike). */
  allocated: z.number().int(),
  /** Stubs given back unsold, ever. */
  returned: z.number().int(),
  /** Tickets the seller sold (registered to their buyer), not voided: User Sales' Sold. */
  sold: z.number().int(),
  /** Held stubs neither registered nor voided, and their peso value. */
  outstandingStubs: z.number().int(),
  outstandingValue: z.string(),
  /** Pesos of the seller's sold tickets paid in cash: User Sales' cashCollected. */
  cashCollected: z.string(),
  /** Pesos of the seller's sold tickets paid by GCash or bank transfer: for information only. */
  nonCashCollected: z.string(),
  remitted: z.string(),
  adjustments: z.string(),
  /** cashCollected − remitted − adjustments. */
  balance: z.string(),
  lastRemittanceAt: z.string().nullable(),
  /** The balance passes the cash_on_hand_alert setting. */
  overAlert: z.boolean(),
});
export type SellerBalance = z.infer<typeof sellerBalanceSchema>;

const BALANCE_FIGURES = {
  allocated: true,
  returned: true,
  sold: true,
  outstandingStubs: true,
  outstandingValue: true,
  cashCollected: true,
  nonCashCollected: true,
  remitted: true,
  adjustments: true,
  balance: true,
} as const;
/** The balances' totals: the figures summed, and how many sellers there are and owe. */
export const balanceTotalsSchema = sellerBalanceSchema
  .pick(BALANCE_FIGURES)
  .extend({ sellers: z.number().int(), owing: z.number().int() });
export type BalanceTotals = z.infer<typeof balanceTotalsSchema>;

/** GET /api/remittances/balances. */
export const balancesAnswerSchema = z.object({
  success: z.literal(true),
  sellers: z.array(sellerBalanceSchema),
  totals: balanceTotalsSchema,
  cashOnHandAlert: z.string(),
});
export type BalancesAnswer = z.infer<typeof balancesAnswerSchema>;

export const sellerStatementSchema = sellerBalanceSchema.extend({
  /** The unsold stubs the seller holds, as inclusive [from, to] runs of ticket numbers. */
  heldRanges: z.array(z.tuple([z.number().int(), z.number().int()])),
  receipts: z.array(
    remittanceJsonSchema.pick({
      id: true,
      receiptNumber: true,
      amount: true,
      method: true,
      coversUntil: true,
      createdAt: true,
      voided: true,
      voidReason: true,
    }),
  ),
  adjustmentList: z.array(adjustmentJsonSchema),
});
export type SellerStatement = z.infer<typeof sellerStatementSchema>;

/** GET /api/sellers/me/statement and /api/sellers/{id}/statement. */
export const statementAnswerSchema = z.object({ success: z.literal(true), statement: sellerStatementSchema });
export type StatementAnswer = z.infer<typeof statementAnswerSchema>;

export const ZERO_AMOUNT = centavosToAmount(0);
