// GET /api/tickets/stats - total, registered, unregistered and revenue of registered tickets (admin)
import type { z } from "zod";
import type { ticketStatsSchema } from "@/lib/schemas/ticket-response";
import { apiRoute } from "@/server/http/api-route";
import { getTicketStats } from "@/server/tickets/ticket-counts";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  const c = await getTicketStats({ principal });
  return {
    success: true,
    total: c.total,
    registered_count: c.registered,
    unregistered_count: c.unregistered,
    revenue: c.revenue,
  } satisfies z.infer<typeof ticketStatsSchema>;
});
