// POST /api/tickets/send-email - e-mail a stored ticket to its buyer (any signed-in user who may see its contacts)
import { sendTicketEmailSchema } from "@/lib/schemas/ticket-email";
import { apiRoute } from "@/server/http/api-route";
import { sendTicketEmail } from "@/server/mail/send-ticket-email";
import type { TicketEmailed } from "@/lib/schemas/ticket-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "user", body: sendTicketEmailSchema }, async ({ body, principal }) => {
  const { to } = await sendTicketEmail({ principal, controlNumber: body.ticket.control_number, to: body.to });
  return { success: true, message: `Ticket sent to ${to} successfully!`, to } satisfies TicketEmailed;
});
