// POST /api/raffle/archive.zip - the close-out archive: records as CSV and JSON lines, the draws' proofs, PDFs, a
// signed manifest; ?attachments=1 adds the stored files (admin)
import { archiveQuerySchema } from "@/lib/schemas/closeout";
import { startArchive } from "@/server/closeout/archive";
import { apiRoute } from "@/server/http/api-route";
import { jobStreamResponse } from "@/server/jobs/job-response";
import { appOrigin } from "@/server/http/request-guards";

export const dynamic = "force-dynamic";

// A POST (issue 40, docs/decisions/207): the download is recorded and lets Purge run, so it is a state
// change; apiRoute's same-origin check (Origin and Sec-Fetch-Site) then covers a cookie's request,
// and a cross-site page cannot start it by navigation. A GET answers 405.
export const POST = apiRoute({ access: "admin", query: archiveQuerySchema }, async ({ principal, query, req }) => {
  const { run, fileName } = await startArchive({
    principal,
    origin: appOrigin(req),
    includeAttachments: query.includeAttachments,
    signal: req.signal,
  });
  return jobStreamResponse(run, { contentType: "application/zip", fileName });
});
