// PUT /api/tickets/register/{controlNumber} - attach a buyer to an unregistered ticket (any signed-in user)
import { registerTicketSchema } from "@/lib/schemas/ticket";
import { apiRoute } from "@/server/http/api-route";
import { registerTicket } from "@/server/tickets/register-ticket";

export const dynamic = "force-dynamic";

export const PUT = apiRoute({ access: "user", body: registerTicketSchema }, async ({ params, body, principal }) => {
  const ticket = await registerTicket({ ref: params.controlNumber, buyer: body, principal });
  return { success: true, message: "Ticket registered successfully", ticket };
});
