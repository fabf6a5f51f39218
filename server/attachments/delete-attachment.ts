import "server-only";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { ATTACHMENT_NOT_FOUND, attachmentIdOrThrow, serializeAttachment } from "@/server/attachments/attachment-access";
import { AppError } from "@/server/http/errors";
import { ticketTransaction } from "@/server/tickets/ticket-transaction";
import { ticketVoided } from "@/server/tickets/void-ticket";

interface DeletedRow {
  id: string;
  ticket_id: string;
  control_number: string | null;
  void_reason: string | null;
  file_name: string;
  file_size: number;
  content_type: string;
  created_at: Date;
}

/** DELETE /api/tickets/attachment/{id} (administrators): removes it; the audit row keeps what it was. */
export async function deleteAttachment(options: { principal: Principal; id: string }) {
  requireAdmin(options.principal);
  const id = attachmentIdOrThrow(options.id);
  const user = options.principal.user;
  await ticketTransaction(async (tx) => {
    const [row] = await tx.$queryRaw<DeletedRow[]>`
      WITH a AS (DELETE FROM ticket_attachments WHERE id = ${id}::uuid
                 RETURNING id, ticket_id, file_name, file_size, content_type, created_at)
      SELECT a.*, t.control_number, t.void_reason FROM a LEFT JOIN tickets t ON t.id = a.ticket_id`;
    if (!row) throw new AppError("not_found", ATTACHMENT_NOT_FOUND);
    // A voided ticket's files stay as they were (docs/decisions/051): the throw rolls the DELETE back.
    if (row.void_reason && row.control_number)
      throw ticketVoided({ control_number: row.control_number, void_reason: row.void_reason });
    const attachment = serializeAttachment({
      id: row.id,
      fileName: row.file_name,
      fileSize: row.file_size,
      contentType: row.content_type,
      createdAt: new Date(row.created_at),
    });
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "attachment.delete",
      entityType: "ticket_attachment",
      entityId: row.id,
      before: { ...attachment, ticket_id: row.ticket_id, control_number: row.control_number },
    });
  });
  return { id };
}
