// GET /api/tickets/creators - the users who created tickets, for the creator filter (admin)
import { apiRoute } from "@/server/http/api-route";
import { listTicketCreators } from "@/server/tickets/list-ticket-creators";
import type { TicketCreatorsAnswer } from "@/lib/schemas/ticket-response";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  return { success: true, creators: await listTicketCreators({ principal }) } satisfies TicketCreatorsAnswer;
});
