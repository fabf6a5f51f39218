// A ticket's proof-of-payment files (SPEC section 7) as the API answers them, without their bytes.
import { z } from "zod";

export const ticketAttachmentSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  file_size: z.number().int(),
  content_type: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** GET /api/tickets/{id}/attachments: a bare list (SPEC section 7). */
export const attachmentsAnswerSchema = z.array(ticketAttachmentSchema);

/** POST /api/tickets/{id}/attachments (201). */
export const attachmentSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  attachment: ticketAttachmentSchema,
});
export type AttachmentSaved = z.infer<typeof attachmentSavedSchema>;
