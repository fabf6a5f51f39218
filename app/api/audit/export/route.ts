// GET /api/audit/export - the filtered audit rows as a CSV download (administrators)
import { DOWNLOAD_NO_STORE } from "@/lib/base-headers.mjs";
import { auditFiltersSchema } from "@/lib/schemas/audit";
import { exportActivity } from "@/server/activity/export-activity";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin", query: auditFiltersSchema }, async ({ principal, query }) => {
  const { stream, fileName } = await exportActivity({ principal, filters: query });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": DOWNLOAD_NO_STORE,
    },
  });
});
