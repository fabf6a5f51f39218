// POST /api/tickets/{id}/unvoid - put a voided ticket back, with a reason (admin)
import { unvoidTicketSchema, type VoidAnswer } from "@/lib/schemas/void";
import { apiRoute } from "@/server/http/api-route";
import { unvoidTicket } from "@/server/tickets/void-ticket";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: unvoidTicketSchema }, async ({ params, body, principal }) => {
  const ticket = await unvoidTicket({ ref: params.id, payload: body, principal });
  return {
    success: true,
    message: `Ticket ${ticket.control_number} is no longer void`,
    ticket,
  } satisfies VoidAnswer;
});
