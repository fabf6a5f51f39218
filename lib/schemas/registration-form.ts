// The registration forms: every field a string as its input holds it, parsed by the same field
// schemas the API parses with (lib/schemas/ticket.ts, through lib/schemas/form.ts), so the form
// shows the API's messages and hands its submit handler the API's payload.
import { z } from "zod";
import { PAYMENT_MESSAGES, isGcashReference, normalizeReference } from "@/lib/payments";
import { pickFields, stringInputs } from "@/lib/schemas/form";
import { registerMultipleSchema } from "@/lib/schemas/ticket";
import { TICKET_MESSAGES } from "@/lib/ticket-messages";

/**
 * The buyer's fields of register-multiple (and of the single registration, which has the same),
 * and how the buyer paid (docs/decisions/050): the method, and its reference.
 */
const buyerShape = pickFields(registerMultipleSchema.shape, [
  "buyerName",
  "phoneNumber",
  "email",
  "address",
  "paymentMethod",
  "paymentReference",
]);

/**
 * The screens' payment rule, stricter than the API's (which still takes older free-form GCash
 * references): GCash needs its reference, and a real GCash reference is 13 digits.
 */
function refinePayment(value: { paymentMethod?: string; paymentReference?: string }, ctx: z.RefinementCtx) {
  if (value.paymentMethod !== "gcash") return;
  if (!normalizeReference(value.paymentReference))
    ctx.addIssue({ code: "custom", path: ["paymentReference"], message: PAYMENT_MESSAGES.gcashReferenceRequired });
  else if (!isGcashReference(value.paymentReference))
    ctx.addIssue({ code: "custom", path: ["paymentReference"], message: PAYMENT_MESSAGES.gcashReferenceDigits });
}

/** Multiple registration's buyer form: the register-multiple payload without the selected tickets. */
export const buyerFormSchema = stringInputs(buyerShape).superRefine(refinePayment);
export type BuyerFormValues = z.input<typeof buyerFormSchema>;
export type BuyerPayload = z.output<typeof buyerFormSchema>;

/** Single registration: the control number (or last 5 digits) is required, then the buyer. */
export const singleRegistrationFormSchema = stringInputs({
  controlNumber: z.string().trim().min(1, TICKET_MESSAGES.controlNumberRequired),
  ...buyerShape,
}).superRefine(refinePayment);
export type SingleRegistrationValues = z.input<typeof singleRegistrationFormSchema>;
export type SingleRegistrationPayload = z.output<typeof singleRegistrationFormSchema>;
