// GET /api/audit/filters - the actions and actors the audit log holds, for the Activity Log's filters (administrators)
import { listActivityFilterOptions } from "@/server/activity/activity-filter-options";
import { apiRoute } from "@/server/http/api-route";
import type { AuditFiltersAnswer } from "@/lib/schemas/audit";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "admin" },
  async ({ principal }) =>
    ({
      success: true,
      ...(await listActivityFilterOptions({ principal })),
    }) satisfies AuditFiltersAnswer,
);
