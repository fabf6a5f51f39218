// GET /api/tickets/voided/export - the Voided numbers report as CSV (admin)
import { DOWNLOAD_NO_STORE } from "@/lib/base-headers.mjs";
import { apiRoute } from "@/server/http/api-route";
import { exportVoidedTickets } from "@/server/tickets/list-voided";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  const { csv, fileName } = await exportVoidedTickets({ principal });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": DOWNLOAD_NO_STORE,
    },
  });
});
