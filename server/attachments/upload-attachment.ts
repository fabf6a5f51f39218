import "server-only";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { findTicketForAttachments, serializeAttachment } from "@/server/attachments/attachment-access";
import { cleanFileName } from "@/server/attachments/file-name";
import { detectAttachmentType } from "@/server/attachments/file-type";
import { AppError } from "@/server/http/errors";
import { ticketTransaction } from "@/server/tickets/ticket-transaction";

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_TICKET = 20;
export const UNSUPPORTED_TYPE_MESSAGE = "Only JPEG, PNG, WebP, HEIC and PDF files can be attached";
export const FILE_TOO_LARGE_MESSAGE = "The file is too large: the limit is 10 MB";
export const TOO_MANY_ATTACHMENTS_MESSAGE = `A ticket can have at most ${MAX_ATTACHMENTS_PER_TICKET} attachments`;

/**
 * POST /api/tickets/{id}/attachments: stores one proof of payment. The type comes from the
 * leading bytes; the count per ticket holds under concurrency because the ticket row is locked
 * for the transaction that counts and inserts. The audit row commits with the file.
 */
export async function uploadAttachment(options: {
  principal: Principal;
  ticketRef: string;
  fileName: string;
  bytes: Uint8Array;
}) {
  const { principal, bytes } = options;
  if (bytes.byteLength === 0) throw new AppError("bad_request", "The file is empty");
  if (bytes.byteLength > MAX_ATTACHMENT_BYTES) throw new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE);
  const type = detectAttachmentType(bytes);
  if (!type) throw new AppError("unsupported_media_type", UNSUPPORTED_TYPE_MESSAGE);
  const fileName = cleanFileName(options.fileName, type);
  const actor = { id: principal.user.id, email: principal.user.email };

  return ticketTransaction(async (tx) => {
    const ticket = await findTicketForAttachments(tx, { ref: options.ticketRef, principal, lock: true });
    const count = await tx.ticketAttachment.count({ where: { ticketId: ticket.id } });
    if (count >= MAX_ATTACHMENTS_PER_TICKET) throw new AppError("limit_reached", TOO_MANY_ATTACHMENTS_MESSAGE);
    const row = await tx.ticketAttachment.create({
      data: {
        ticketId: ticket.id,
        fileName,
        fileSize: bytes.byteLength,
        contentType: type.mime,
        data: new Uint8Array(bytes),
        uploadedBy: principal.user.email,
      },
      select: { id: true, fileName: true, fileSize: true, contentType: true, createdAt: true },
    });
    const attachment = serializeAttachment(row);
    await writeAudit(tx, {
      actor,
      action: "attachment.upload",
      entityType: "ticket_attachment",
      entityId: row.id,
      after: { ...attachment, ticket_id: ticket.id, control_number: ticket.control_number },
    });
    return attachment;
  });
}
