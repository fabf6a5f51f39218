// POST /api/tickets/send-email (SPEC section 7): `{to, subject, ticket{...}}`. The server reads
// only the control number and the recipient: the message is built from the stored ticket, never
// from the fields the client sent (docs/decisions/045), so those are accepted and ignored.
import { z } from "zod";
import { TEXT_LIMITS, text, textRules } from "@/lib/schemas/text";

export const EMAIL_REQUIRED_MESSAGE = "Email address is required to send ticket";
/** SPEC section 7: the fixed subject. */
export const TICKET_EMAIL_SUBJECT = "Your Batch 2000 Raffle Ticket";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

export const sendTicketEmailSchema = z.object({
  to: z.preprocess(
    blankToUndefined,
    textRules(text().trim(), { label: "Email", max: TEXT_LIMITS.email })
      .regex(EMAIL_PATTERN, "Enter a valid email.")
      .optional(),
  ),
  /** Accepted for the spec's payload; the subject is always TICKET_EMAIL_SUBJECT. */
  subject: z.string().max(500).optional(),
  ticket: z.object(
    {
      control_number: textRules(
        text({ error: "ticket.control_number is required" }).trim().min(1, "ticket.control_number is required"),
        {
          label: "Control number",
          max: TEXT_LIMITS.identifier,
        },
      ),
    },
    { error: "ticket is required" },
  ),
});

export type SendTicketEmailInput = z.input<typeof sendTicketEmailSchema>;
