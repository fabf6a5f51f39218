// GET /api/tickets/stats - total, registered, unregistered and revenue of registered tickets (admin)
import { apiRoute } from "@/server/http/api-route";
import { getTicketCounts } from "@/server/tickets/ticket-counts";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async () => {
  const c = await getTicketCounts();
  return { success: true, total: c.total, registered_count: c.registered, unregistered_count: c.unregistered, revenue: c.revenue };
});
