// GET /api/tickets/used-digits - taken ticket numbers as [from, to] runs (admin)
import { apiRoute } from "@/server/http/api-route";
import { listUsedDigits } from "@/server/tickets/used-digits";
import type { UsedDigits } from "@/lib/schemas/ticket-response";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  return { success: true, ...(await listUsedDigits({ principal })) } satisfies UsedDigits;
});
