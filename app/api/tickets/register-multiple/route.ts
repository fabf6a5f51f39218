// POST /api/tickets/register-multiple - one buyer for up to 100 unregistered tickets (any signed-in user)
import { registerMultipleSchema } from "@/lib/schemas/ticket";
import { apiRoute } from "@/server/http/api-route";
import { registerMultiple } from "@/server/tickets/register-multiple";
import { serializeRegistrationFor } from "@/server/tickets/ticket-privacy";
import type { RegisterMultipleResult } from "@/lib/schemas/ticket-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "user", body: registerMultipleSchema }, async ({ body, principal }) => {
  const answer = await registerMultiple({ payload: body, principal });
  // Only what the caller typed, or could see before (server/tickets/ticket-privacy.ts).
  return {
    ...answer,
    registeredTickets: answer.registeredTickets.map((ticket) => serializeRegistrationFor(ticket, body, principal)),
  } satisfies RegisterMultipleResult;
});
