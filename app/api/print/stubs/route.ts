// POST /api/print/stubs - a PDF of ticket stubs for a range or a list of tickets, streamed from a worker thread (admin)
import { printStubsSchema } from "@/lib/schemas/stubs";
import { apiRoute } from "@/server/http/api-route";
import { jobStreamResponse } from "@/server/jobs/job-response";
import { printStubs } from "@/server/stubs/print-stubs";
import { appOrigin } from "@/server/http/request-guards";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: printStubsSchema }, async ({ body, principal, req }) => {
  const { run, fileName } = await printStubs({ principal, payload: body, origin: appOrigin(req), signal: req.signal });
  return jobStreamResponse(run, { contentType: "application/pdf", fileName });
});
