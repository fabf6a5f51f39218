// How a registration says how the buyer paid (docs/decisions/050-payments.md): the optional fields
// both registration calls, the edit and the forms share. A caller that sends none of them gets
// the stub's defaults, as before payments existed.
import { z } from "zod";
import { PAYMENT_METHODS } from "@/lib/constants";
import { TEXT_LIMITS, text, textRules } from "@/lib/schemas/text";

const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

export const PAYMENT_FIELD_MESSAGES = {
  method: "paymentMethod must be cash, gcash or bank_transfer",
  paymentId: "paymentId must be a payment id (a UUID)",
  confirmReference: "confirmReference must be true or false",
} as const;

/** cash | gcash | bank_transfer, in any case ("GCash", "Bank Transfer"). */
export const paymentMethodField = z.preprocess(
  (v) =>
    typeof v === "string"
      ? blank(
          v
            .trim()
            .toLowerCase()
            .replace(/[\s-]+/g, "_"),
        )
      : blank(v),
  z.enum(PAYMENT_METHODS, { error: PAYMENT_FIELD_MESSAGES.method }).optional(),
);

export const paymentChoiceFields = {
  /** Replaces the stub's default method when given. */
  paymentMethod: paymentMethodField,
  /** As typed; compared in its normalized form. Required (by the service) for GCash. */
  paymentReference: z.preprocess(
    blank,
    textRules(text().trim(), { label: "Payment reference", max: TEXT_LIMITS.reference }).optional(),
  ),
  /** Adds the tickets to this existing payment instead of a new one. */
  paymentId: z.preprocess(blank, z.uuid({ error: PAYMENT_FIELD_MESSAGES.paymentId }).optional()),
  /** Why an administrator adds tickets to another buyer's payment. */
  reason: z.preprocess(blank, textRules(text().trim(), { label: "Reason", max: 500 }).optional()),
  /** Uses a bank reference again after the 409 reference_needs_confirmation. */
  confirmReference: z.boolean({ error: PAYMENT_FIELD_MESSAGES.confirmReference }).optional(),
};

export const paymentChoiceSchema = z.object(paymentChoiceFields);
export type PaymentChoice = z.output<typeof paymentChoiceSchema>;

/** A GCash payment the migration found sharing a reference with another buyer's (docs/decisions/050). */
export const referenceClashSchema = z.object({
  paymentId: z.uuid(),
  reference: z.string().nullable(),
  referenceNormalized: z.string().nullable(),
  payerName: z.string().nullable(),
  controlNumbers: z.array(z.string()),
  /** The payment that kept the reference (the earliest), and its buyer. */
  heldBy: z
    .object({ paymentId: z.uuid(), payerName: z.string().nullable(), controlNumbers: z.array(z.string()) })
    .nullable(),
});
export type ReferenceClash = z.infer<typeof referenceClashSchema>;

/** GET /api/payments/reference-clashes (administrators). */
export const referenceClashesAnswerSchema = z.object({
  success: z.literal(true),
  clashes: z.array(referenceClashSchema),
});
