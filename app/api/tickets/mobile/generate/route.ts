// POST /api/tickets/mobile/generate - generate tickets from the mobile app (any signed-in user)
import { generateTicketSchema } from "@/lib/schemas/ticket";
import { apiRoute } from "@/server/http/api-route";
import { generateTicketsResponse } from "@/server/tickets/generate-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "user", body: generateTicketSchema }, async ({ body, principal }) => {
  return generateTicketsResponse({ payload: body, principal, source: "app" });
});
