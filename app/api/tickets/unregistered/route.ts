// GET /api/tickets/unregistered - unregistered tickets newest first, paged, with search (any signed-in user)
import { unregisteredQuerySchema } from "@/lib/schemas/ticket";
import type { VisibleTicketPage } from "@/lib/schemas/ticket-response";
import { apiRoute } from "@/server/http/api-route";
import { listUnregisteredTickets } from "@/server/tickets/search-tickets";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user", query: unregisteredQuerySchema }, async ({ query, principal }) => {
  return {
    success: true,
    ...(await listUnregisteredTickets({ principal, filters: query })),
  } satisfies VisibleTicketPage;
});
