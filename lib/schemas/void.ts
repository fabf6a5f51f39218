// POST /api/tickets/{id}/void and /unvoid (docs/decisions/051-voids.md): the bodies, used by the
// Void dialog's form and the route handlers; and the answers (the void and unvoid answers carry
// the ticket contract of lib/schemas/ticket-response.ts; the report's rows are VoidedTicket).
import { z } from "zod";
import { text, textRules } from "@/lib/schemas/text";
import { ticketSchema } from "@/lib/schemas/ticket-response";
import { VOID_NOTE_MIN_FOR_OTHER, VOID_REASONS } from "@/lib/voids";

export const VOID_MESSAGES = {
  reason: `reason must be one of ${VOID_REASONS.join(", ")}`,
  noteForOther: `A note of at least ${VOID_NOTE_MIN_FOR_OTHER} characters is required when the reason is Other`,
  unvoidReason: "A reason is required to unvoid a ticket",
} as const;

const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const NOTE_MAX = 500;

export const voidTicketSchema = z
  .object({
    reason: z.enum(VOID_REASONS, { error: VOID_MESSAGES.reason }),
    note: z.preprocess(blank, textRules(text().trim(), { label: "Note", max: NOTE_MAX, multiline: true }).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && (value.note ?? "").length < VOID_NOTE_MIN_FOR_OTHER) {
      ctx.addIssue({ code: "custom", path: ["note"], message: VOID_MESSAGES.noteForOther });
    }
  });
export type VoidTicketPayload = z.output<typeof voidTicketSchema>;

/** The Void dialog's form: what its inputs hold (strings), checked by the same rules. */
export const voidTicketFormSchema = z
  .object({
    reason: z.enum(VOID_REASONS, { error: "Choose a reason" }),
    note: textRules(text().trim(), { label: "Note", max: NOTE_MAX, multiline: true }),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && value.note.length < VOID_NOTE_MIN_FOR_OTHER) {
      ctx.addIssue({ code: "custom", path: ["note"], message: VOID_MESSAGES.noteForOther });
    }
  });
export type VoidTicketFormValues = z.input<typeof voidTicketFormSchema>;

export const unvoidTicketSchema = z.object({
  reason: z.preprocess(
    blank,
    textRules(text({ error: VOID_MESSAGES.unvoidReason }).trim().min(1, VOID_MESSAGES.unvoidReason), {
      label: "Reason",
      max: NOTE_MAX,
      multiline: true,
    }),
  ),
});
export type UnvoidTicketPayload = z.output<typeof unvoidTicketSchema>;

/** The Unvoid dialog's form (a string in, the same rule). */
export const unvoidTicketFormSchema = z.object({
  reason: textRules(text().trim().min(1, VOID_MESSAGES.unvoidReason), {
    label: "Reason",
    max: NOTE_MAX,
    multiline: true,
  }),
});
export type UnvoidTicketFormValues = z.input<typeof unvoidTicketFormSchema>;

export const voidedListQuerySchema = z.object({
  limit: z.preprocess(
    blank,
    z.coerce.number({ error: "limit must be a whole number from 1 to 1,000" }).int().min(1).max(1000).default(50),
  ),
  offset: z.preprocess(
    blank,
    z.coerce.number({ error: "offset must be a whole number, 0 or more" }).int().min(0).default(0),
  ),
});

/** One row of the Voided numbers report. */
export const voidedTicketSchema = z.object({
  ticket_id: z.uuid(),
  control_number: z.string(),
  last_5_digits: z.string().regex(/^\d{5}$/),
  reason: z.enum(VOID_REASONS),
  reason_text: z.string(),
  note: z.string().nullable(),
  /** E-mail of the administrator who voided it. */
  voided_by: z.string().nullable(),
  voided_at: z.iso.datetime({ offset: true }),
  /** Whether it had been sold (registered) when voided: its money leaves the sold figures. */
  was_sold: z.boolean(),
});
export type VoidedTicket = z.infer<typeof voidedTicketSchema>;

/** GET /api/tickets/voided: a page of the report, newest first. */
export const voidedPageSchema = z.object({
  success: z.literal(true),
  voided: z.array(voidedTicketSchema),
  total: z.number().int(),
});
export type VoidedPage = z.infer<typeof voidedPageSchema>;

/** POST /api/tickets/{id}/void and /unvoid (administrators): the whole ticket as it is now. */
export const voidAnswerSchema = z.object({ success: z.literal(true), message: z.string(), ticket: ticketSchema });
export type VoidAnswer = z.infer<typeof voidAnswerSchema>;
