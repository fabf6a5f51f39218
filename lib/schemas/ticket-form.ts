// The ticket dialogs' forms: every field a string as its input holds it, parsed by the same field
// schemas and rules as the API (lib/schemas/ticket.ts), so a form shows the API's messages and
// hands its submit handler the API's payload (phone as 10 digits, blanks dropped).
import { z } from "zod";
import { pickFields, stringInputs } from "@/lib/schemas/form";
import {
  checkCustomRange,
  checkGenerateTicket,
  customRangeFields,
  editTicketFields,
  generateTicketFields,
  requireGcashReference,
} from "@/lib/schemas/ticket";

/** What Generate and Edit both show: the buyer and the payment. */
const SHARED_FIELDS = ["buyer_name", "phone_number", "email", "address", "payment_method", "gcash_reference"] as const;

export const generateTicketFormSchema = stringInputs(
  pickFields(generateTicketFields, [...SHARED_FIELDS, "quantity", "customMiddleDigits", "customLastDigits"]),
).superRefine(checkGenerateTicket);
export type GenerateTicketFormValues = z.input<typeof generateTicketFormSchema>;
export type GenerateTicketFormPayload = z.output<typeof generateTicketFormSchema>;

/** The Generate form as it opens: one ticket, paid in cash. */
export const EMPTY_GENERATE_TICKET_FORM: GenerateTicketFormValues = {
  buyer_name: "",
  phone_number: "",
  email: "",
  address: "",
  payment_method: "cash",
  gcash_reference: "",
  quantity: "1",
  customMiddleDigits: "",
  customLastDigits: "",
};

export const editTicketFormSchema = stringInputs(
  pickFields(editTicketFields, [...SHARED_FIELDS, "status"]),
).superRefine(requireGcashReference);
export type EditTicketFormValues = z.input<typeof editTicketFormSchema>;
export type EditTicketFormPayload = z.output<typeof editTicketFormSchema>;

/** The Generate / Edit dialog holds every field of both; each mode's schema reads its own. */
export type TicketFormValues = GenerateTicketFormValues & EditTicketFormValues;

export const customRangeFormSchema = stringInputs(customRangeFields).superRefine(checkCustomRange);
export type CustomRangeFormValues = z.input<typeof customRangeFormSchema>;
