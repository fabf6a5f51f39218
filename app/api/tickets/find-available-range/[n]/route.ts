// GET /api/tickets/find-available-range/{n} - first run of n consecutive free ticket numbers (admin)
import { apiRoute } from "@/server/http/api-route";
import { findAvailableRangeOrThrow } from "@/server/tickets/find-available-range";
import type { AvailableRange } from "@/lib/schemas/ticket-response";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ params, principal }) => {
  return {
    success: true,
    ...(await findAvailableRangeOrThrow({ count: params.n, principal })),
  } satisfies AvailableRange;
});
