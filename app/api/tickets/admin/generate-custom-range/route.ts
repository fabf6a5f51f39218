// POST /api/tickets/admin/generate-custom-range - unregistered tickets for a number range, taken ones skipped (admin)
import { customRangeSchema } from "@/lib/schemas/ticket";
import { apiRoute, json } from "@/server/http/api-route";
import { generateCustomRange } from "@/server/tickets/generate-custom-range";
import type { CustomRangeResult } from "@/lib/schemas/ticket-response";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: customRangeSchema }, async ({ body, principal }) => {
  return json((await generateCustomRange({ payload: body, principal })) satisfies CustomRangeResult, 201);
});
