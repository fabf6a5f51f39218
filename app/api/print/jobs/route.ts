// GET /api/print/jobs - the print log, newest first (admin)
import { apiRoute } from "@/server/http/api-route";
import { listPrintJobs } from "@/server/stubs/list-print-jobs";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  const { jobs, publicBaseUrl } = await listPrintJobs({ principal });
  return { success: true, jobs, publicBaseUrl };
});
