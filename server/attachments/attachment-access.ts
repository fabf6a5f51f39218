import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Principal } from "@/server/auth/principal";
import { AppError } from "@/server/http/errors";
import { canSeeBuyerContact } from "@/server/tickets/ticket-privacy";
import { TICKET_NOT_FOUND, ticketRefCondition } from "@/server/tickets/ticket-ref";
import { TICKET_COLUMNS, type Ticket } from "@/server/tickets/ticket-select";
import { ticketVoided } from "@/server/tickets/void-ticket";

type Tx = Prisma.TransactionClient;

export const ATTACHMENT_NOT_FOUND = "Attachment not found";
export const NOT_YOUR_ATTACHMENTS = "You can only see the attachments of tickets you generated or registered";

/**
 * Proofs of payment show the buyer's name, number and account: they follow the buyer-contact
 * rule (docs/decisions/036, 046): administrators, and the staff who generated or registered
 * the ticket.
 */
export function assertCanUseAttachments(
  ticket: Pick<Ticket, "created_by_id" | "registered_by_id">,
  principal: Principal,
) {
  if (!canSeeBuyerContact(ticket, principal)) throw new AppError("forbidden", NOT_YOUR_ATTACHMENTS);
}

/** The ticket named by id, control number or number, checked for the caller; locked (for a write) when asked. */
export async function findTicketForAttachments(
  tx: Tx,
  options: { ref: string; principal: Principal; lock?: boolean },
): Promise<Ticket> {
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND);
  const rows = options.lock
    ? await tx.$queryRaw<Ticket[]>`SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${where} FOR UPDATE`
    : await tx.$queryRaw<Ticket[]>`SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${where}`;
  const ticket = rows[0];
  if (!ticket) throw new AppError("not_found", TICKET_NOT_FOUND);
  assertCanUseAttachments(ticket, options.principal);
  // A write on a voided ticket is refused (docs/decisions/051); its files can still be read.
  if (options.lock && ticket.voided_at) throw ticketVoided(ticket);
  return ticket;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An attachment id as the routes receive it: anything but a uuid names no attachment. */
export function attachmentIdOrThrow(id: string): string {
  if (!UUID.test(id)) throw new AppError("not_found", ATTACHMENT_NOT_FOUND);
  return id.toLowerCase();
}

/** The JSON shape of an attachment (SPEC section 3 and section 7's list). */
export function serializeAttachment(row: {
  id: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  createdAt: Date;
}) {
  return {
    id: row.id,
    file_name: row.fileName,
    file_size: row.fileSize,
    content_type: row.contentType,
    created_at: row.createdAt.toISOString(),
  };
}

export type AttachmentJson = ReturnType<typeof serializeAttachment>;
