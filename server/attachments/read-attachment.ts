import "server-only";
import type { Principal } from "@/server/auth/principal";
import {
  ATTACHMENT_NOT_FOUND,
  assertCanUseAttachments,
  attachmentIdOrThrow,
} from "@/server/attachments/attachment-access";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

/** GET /api/tickets/attachment/{id}/download: one attachment with its bytes, for a caller who may see its ticket. */
export async function readAttachment(options: { principal: Principal; id: string }) {
  const row = await db().ticketAttachment.findUnique({
    where: { id: attachmentIdOrThrow(options.id) },
    include: { ticket: { select: { createdById: true, registeredById: true } } },
  });
  if (!row) throw new AppError("not_found", ATTACHMENT_NOT_FOUND);
  assertCanUseAttachments(
    { created_by_id: row.ticket.createdById, registered_by_id: row.ticket.registeredById },
    options.principal,
  );
  return { fileName: row.fileName, contentType: row.contentType, data: row.data };
}
