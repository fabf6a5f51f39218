// GET /api/tickets/search/{term} - one ticket by exact control number or last 5 digits (any signed-in user)
import type { TicketAnswer } from "@/lib/schemas/ticket-response";
import { apiRoute } from "@/server/http/api-route";
import { getTicketOrThrow, TICKET_NOT_FOUND_BY_TERM } from "@/server/tickets/ticket-ref";
import { serializeTicketFor } from "@/server/tickets/ticket-privacy";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ params, principal }) => {
  return {
    success: true,
    ticket: serializeTicketFor(await getTicketOrThrow(params.term, TICKET_NOT_FOUND_BY_TERM), principal),
  } satisfies TicketAnswer;
});
