// GET /api/dashboard/admin/user-progress - sales per staff member who created tickets, with totals (admin)
import { apiRoute } from "@/server/http/api-route";
import { getUserProgress } from "@/server/dashboard/get-user-progress";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => getUserProgress({ principal }));
