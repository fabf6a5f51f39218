// GET /api/tickets/validate?controlNumber=|?number= - does the ticket exist, is the number free, is it registered (any
// signed-in user)
import { validateTicketQuerySchema } from "@/lib/schemas/ticket";
import { apiRoute } from "@/server/http/api-route";
import { validateTicket } from "@/server/tickets/validate-ticket";
import type { TicketValidation } from "@/lib/schemas/ticket-response";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user", query: validateTicketQuerySchema }, async ({ query }) => {
  return { success: true, ...(await validateTicket(query)) } satisfies TicketValidation;
});
