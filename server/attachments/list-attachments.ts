import "server-only";
import type { Principal } from "@/server/auth/principal";
import { findTicketForAttachments, serializeAttachment } from "@/server/attachments/attachment-access";
import { db } from "@/server/db/client";

/** GET /api/tickets/{ticket_id}/attachments: the ticket's attachments, oldest first, without their bytes. */
export async function listAttachments(options: { principal: Principal; ticketRef: string }) {
  const ticket = await findTicketForAttachments(db(), { ref: options.ticketRef, principal: options.principal });
  const rows = await db().ticketAttachment.findMany({
    where: { ticketId: ticket.id },
    select: { id: true, fileName: true, fileSize: true, contentType: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(serializeAttachment);
}
