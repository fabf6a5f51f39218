// GET /api/dashboard/stats - the Overview's figures: totals, today/week/month, 30-day trend, payment methods, hours,
// recent activity (any signed-in user)
import { apiRoute } from "@/server/http/api-route";
import { getDashboardStats } from "@/server/dashboard/get-dashboard-stats";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ principal }) => getDashboardStats({ principal }));
