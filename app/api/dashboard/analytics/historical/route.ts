// GET /api/dashboard/analytics/historical?period=7d|30d|90d|1y - the Analytics screen's figures for one period (admin)
import { historicalQuerySchema } from "@/lib/schemas/dashboard";
import { apiRoute } from "@/server/http/api-route";
import { getHistoricalAnalytics } from "@/server/dashboard/get-historical-analytics";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin", query: historicalQuerySchema }, async ({ principal, query }) =>
  getHistoricalAnalytics({ principal, period: query.period }),
);
