// GET /api/tickets/count - how many tickets, registered and unregistered (admin)
import type { TicketCount } from "@/lib/schemas/ticket-response";
import { apiRoute } from "@/server/http/api-route";
import { getTicketStats } from "@/server/tickets/ticket-counts";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  const c = await getTicketStats({ principal });
  return {
    success: true,
    total: c.total,
    registered: c.registered,
    unregistered: c.unregistered,
  } satisfies TicketCount;
});
