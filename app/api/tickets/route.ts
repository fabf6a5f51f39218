// GET /api/tickets - all tickets newest first, paged (admin)
import { listTicketsQuerySchema } from "@/lib/schemas/ticket";
import type { TicketPageAnswer } from "@/lib/schemas/ticket-response";
import { apiRoute } from "@/server/http/api-route";
import { searchTickets } from "@/server/tickets/search-tickets";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin", query: listTicketsQuerySchema }, async ({ query, principal }) => {
  return { success: true, ...(await searchTickets({ principal, filters: query })) } satisfies TicketPageAnswer;
});
