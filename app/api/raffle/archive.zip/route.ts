// GET /api/raffle/archive.zip - the close-out archive: records as CSV and JSON lines, the draws' proofs, a signed manifest (admin)
import { startArchive } from "@/server/closeout/archive";
import { apiRoute } from "@/server/http/api-route";
import { jobStreamResponse } from "@/server/jobs/job-response";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal, req }) => {
  const { run, fileName } = await startArchive({ principal, signal: req.signal });
  return jobStreamResponse(run, { contentType: "application/zip", fileName });
});
