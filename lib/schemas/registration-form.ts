// The registration forms: every field is a string as an input holds it, parsed by the same
// schemas the API parses with (lib/schemas/ticket.ts), so the form shows the API's messages.
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { z } from "zod";
import { TICKET_MESSAGES, registerMultipleSchema, registerTicketSchema } from "@/lib/schemas/ticket";

export interface BuyerFormValues {
  buyerName: string;
  phoneNumber: string;
  email: string;
  address: string;
}

export interface SingleRegistrationValues extends BuyerFormValues {
  controlNumber: string;
}

/** Multiple registration's buyer form: the register-multiple payload without the selected tickets. */
export const buyerFormSchema = registerMultipleSchema.omit({ ticketIds: true });
export type BuyerPayload = z.output<typeof buyerFormSchema>;

/** Single registration: the control number (or last 5 digits) is required, then the buyer. */
export const singleRegistrationFormSchema = registerTicketSchema.extend({
  controlNumber: z.string().trim().min(1, TICKET_MESSAGES.controlNumberRequired),
});
export type SingleRegistrationPayload = z.output<typeof singleRegistrationFormSchema>;

// The API schemas accept any JSON (`unknown` inputs for optional fields); the forms hold strings,
// which those schemas accept, so the resolvers are typed with the forms' own values.
export const buyerFormResolver = zodResolver(buyerFormSchema) as unknown as Resolver<BuyerFormValues, unknown, BuyerPayload>;
export const singleRegistrationResolver = zodResolver(singleRegistrationFormSchema) as unknown as Resolver<
  SingleRegistrationValues,
  unknown,
  SingleRegistrationPayload
>;

export const EMPTY_BUYER: BuyerFormValues = { buyerName: "", phoneNumber: "", email: "", address: "" };
