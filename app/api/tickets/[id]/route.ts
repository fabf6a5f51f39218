// GET /api/tickets/{id} - one ticket by id, control number or ticket number (any signed-in user)
// PUT /api/tickets/{id} - edit a ticket that has no buyer yet (admin)
// DELETE /api/tickets/{id} - delete a ticket (admin)
import { editTicketSchema } from "@/lib/schemas/ticket";
import type { TicketAnswer, TicketSaved } from "@/lib/schemas/ticket-response";
import { apiRoute } from "@/server/http/api-route";
import { deleteTicket } from "@/server/tickets/delete-ticket";
import { getTicketOrThrow } from "@/server/tickets/ticket-ref";
import { serializeTicketFor } from "@/server/tickets/ticket-privacy";
import { updateTicket } from "@/server/tickets/update-ticket";
import { refuseIfVoided } from "@/server/tickets/void-ticket";
import type { MessageAnswer } from "@/lib/schemas/answer";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ params, principal }) => {
  return {
    success: true,
    ticket: serializeTicketFor(await getTicketOrThrow(params.id), principal),
  } satisfies TicketAnswer;
});

export const PUT = apiRoute(
  {
    access: "admin",
    body: editTicketSchema,
    beforeValidationError: ({ params }) => refuseIfVoided(params.id).then(() => {}),
  },
  async ({ params, body, principal }) => {
    const ticket = await updateTicket({ ref: params.id, payload: body, principal });
    return { success: true, message: "Ticket updated successfully", ticket } satisfies TicketSaved;
  },
);

export const DELETE = apiRoute({ access: "admin" }, async ({ params, principal }) => {
  const { controlNumber } = await deleteTicket({ ref: params.id, principal });
  return { success: true, message: `Ticket ${controlNumber} deleted successfully` } satisfies MessageAnswer;
});
