// GET /api/audit - the Activity Log: audit rows newest first, 50 a page, filtered by action, actor and dates
// (administrators)
import { auditListQuerySchema } from "@/lib/schemas/audit";
import { listActivity } from "@/server/activity/list-activity";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin", query: auditListQuerySchema }, async ({ principal, query }) => ({
  success: true,
  ...(await listActivity({ principal, query })),
}));
