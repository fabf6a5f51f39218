// PUT /api/tickets/register/{controlNumber} - attach a buyer to an unregistered ticket (any signed-in user)
import { registerTicketSchema } from "@/lib/schemas/ticket";
import type { TicketSaved } from "@/lib/schemas/ticket-response";
import { apiRoute } from "@/server/http/api-route";
import { registerTicket } from "@/server/tickets/register-ticket";
import { serializeRegistrationFor } from "@/server/tickets/ticket-privacy";
import { refuseIfVoided } from "@/server/tickets/void-ticket";

export const dynamic = "force-dynamic";

export const PUT = apiRoute(
  {
    access: "user",
    body: registerTicketSchema,
    beforeValidationError: ({ params }) => refuseIfVoided(params.controlNumber).then(() => {}),
  },
  async ({ params, body, principal }) => {
    const ticket = await registerTicket({ ref: params.controlNumber, buyer: body, principal });
    // Only what the caller typed, or could see before (server/tickets/ticket-privacy.ts).
    return {
      success: true,
      message: "Ticket registered successfully",
      ticket: serializeRegistrationFor(ticket, body, principal),
    } satisfies TicketSaved;
  },
);
