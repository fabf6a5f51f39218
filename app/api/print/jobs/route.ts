// GET /api/print/jobs - the print log, newest first (admin)
import type { PrintJobsResponse } from "@/lib/schemas/stubs";
import { apiRoute } from "@/server/http/api-route";
import { appOrigin } from "@/server/http/request-guards";
import { listPrintJobs } from "@/server/stubs/list-print-jobs";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal, req }) => {
  const { jobs, publicUrl } = await listPrintJobs({ principal, origin: appOrigin(req) });
  return { success: true, jobs, publicUrl } satisfies PrintJobsResponse;
});
