// POST /api/tickets/generate - generate 1-100 tickets for one buyer (any signed-in user)
import { generateTicketSchema } from "@/lib/schemas/ticket";
import { apiRoute } from "@/server/http/api-route";
import { generateTicketsResponse } from "@/server/tickets/generate-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "user", body: generateTicketSchema }, async ({ body, principal }) => {
  return generateTicketsResponse({ payload: body, principal, source: "web" });
});
