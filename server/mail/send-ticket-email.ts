import "server-only";
import { EMAIL_REQUIRED_MESSAGE } from "@/lib/schemas/ticket-email";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { countInstallationEmail, countTicketEmail } from "@/server/mail/email-rate-limit";
import { deliverMail } from "@/server/mail/mailer";
import { buildTicketEmail } from "@/server/mail/ticket-email-content";
import { getSettings } from "@/server/settings/get-settings";
import { canSeeBuyerContact } from "@/server/tickets/ticket-privacy";
import { getTicketOrThrow } from "@/server/tickets/ticket-ref";
import { ticketVoided } from "@/server/tickets/void-ticket";

export const NOTIFICATIONS_OFF_MESSAGE = "Email notifications are turned off in Settings";
export const OTHER_ADDRESS_MESSAGE =
  "Only administrators can send a ticket to an address other than the ticket's own email";
export const NOT_YOUR_TICKET_MESSAGE = "You can only email tickets you generated or registered";

/**
 * POST /api/tickets/send-email: mails the stored ticket named by its control number to the
 * ticket's own email (an administrator may name another address). Nothing the client sent but
 * the control number and the address reaches the message, so the route is no open relay.
 */
export async function sendTicketEmail(options: { principal: Principal; controlNumber: string; to?: string }) {
  const { principal } = options;
  const user = principal.user;
  const ticket = await getTicketOrThrow(options.controlNumber);
  if (ticket.voided_at) throw ticketVoided(ticket);
  // Staff mail only tickets whose contact details are theirs to see (docs/decisions/036).
  if (!canSeeBuyerContact(ticket, principal)) throw new AppError("forbidden", NOT_YOUR_TICKET_MESSAGE);

  const own = ticket.email?.trim() || null;
  const requested = options.to?.trim() || null;
  if (requested && requested.toLowerCase() !== own?.toLowerCase() && !user.isAdmin)
    throw new AppError("forbidden", OTHER_ADDRESS_MESSAGE);
  const to = requested ?? own;
  if (!to) throw new AppError("bad_request", EMAIL_REQUIRED_MESSAGE);

  const settings = await getSettings();
  if (!settings.emailNotifications) throw new AppError("notifications_off", NOTIFICATIONS_OFF_MESSAGE);
  await countTicketEmail(user.id);
  await countInstallationEmail();

  const delivery = await deliverMail(
    { to, ...buildTicketEmail(ticket, settings.timezone) },
    { fileStem: ticket.control_number },
  );
  // Only a message the server accepted (or the outbox file written) is recorded as sent.
  await writeAudit(db(), {
    actor: { id: user.id, email: user.email },
    action: "ticket.email",
    entityType: "ticket",
    entityId: ticket.id,
    after: { control_number: ticket.control_number, to, via: delivery.via, message_id: delivery.messageId },
  });
  return { to, delivery };
}
