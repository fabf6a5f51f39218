import "server-only";
import type { JobRun } from "@/server/jobs/start-job";

/**
 * A job's output as the HTTP answer, streamed as the worker writes it (the reader's pace reaches
 * the worker: nothing is held whole). A job that fails before its first byte answers with its
 * own error (413, 422, 504, ...); one that fails later breaks the connection, so a cut-off file
 * never looks complete. `X-Job-Id` names the job for GET /api/jobs/{id}.
 */
export async function jobStreamResponse(
  run: JobRun<unknown, never, unknown>,
  options: { contentType: string; fileName?: string },
) {
  await run.ready();
  const headers: Record<string, string> = {
    "content-type": options.contentType,
    "cache-control": "no-store",
    "x-job-id": run.id,
  };
  if (options.fileName) headers["content-disposition"] = `attachment; filename="${options.fileName}"`;
  return new Response(run.output, { headers });
}
