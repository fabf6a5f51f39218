// GET /api/tickets/export-all - every ticket as a streamed CSV download (administrators)
import { DOWNLOAD_NO_STORE } from "@/lib/base-headers.mjs";
import { apiRoute } from "@/server/http/api-route";
import { exportTickets } from "@/server/tickets/export-tickets";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  const { stream, fileName } = await exportTickets({ principal });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": DOWNLOAD_NO_STORE,
    },
  });
});
