// POST /api/tickets/register-multiple - one buyer for up to 100 unregistered tickets (any signed-in user)
import { registerMultipleSchema } from "@/lib/schemas/ticket";
import { apiRoute } from "@/server/http/api-route";
import { registerMultiple } from "@/server/tickets/register-multiple";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "user", body: registerMultipleSchema }, async ({ body, principal }) => {
  return registerMultiple({ payload: body, principal });
});
