// POST /api/jobs/self-test - stream a fixed byte pattern from a worker thread (administrators)
import { JOB_ID_HEADER } from "@/lib/constants";
import { selfTestJobSchema } from "@/lib/schemas/job";
import { apiRoute } from "@/server/http/api-route";
import { jobStreamResponse } from "@/server/jobs/job-response";
import { startSelfTest } from "@/server/jobs/start-self-test";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: selfTestJobSchema }, async ({ body, principal, req }) => {
  const run = await startSelfTest({
    principal,
    input: body,
    signal: req.signal,
    jobId: req.headers.get(JOB_ID_HEADER),
  });
  return jobStreamResponse(run, { contentType: "application/octet-stream", fileName: "self-test.bin" });
});
