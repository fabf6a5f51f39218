// POST /api/tickets/{id}/void - take a ticket out of the raffle, with a reason (admin)
import { type VoidAnswer, voidTicketSchema } from "@/lib/schemas/void";
import { apiRoute } from "@/server/http/api-route";
import { voidTicket } from "@/server/tickets/void-ticket";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: voidTicketSchema }, async ({ params, body, principal }) => {
  const ticket = await voidTicket({ ref: params.id, payload: body, principal });
  return { success: true, message: `Ticket ${ticket.control_number} voided`, ticket } satisfies VoidAnswer;
});
