import "server-only";
import { Worker } from "node:worker_threads";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type stubsPdf from "@/server/jobs/kinds/stubs-pdf.worker";

/**
 * POST /api/print/stubs: one at a time per instance (a second gets 429 with Retry-After), 180 s
 * (10,000 stubs on a busy 2-core machine can take minutes), 512 MB of heap: pdfkit keeps about
 * 26 KB per stub until the document ends (docs/performance.md). Nice 10 (decision 150).
 */
export const stubsPdfJob = defineJobKind<typeof stubsPdf>({
  kind: "stubs.pdf",
  label: "stub printing",
  spawn: (options) => new Worker(new URL("./stubs-pdf.worker.ts", import.meta.url), { ...options }),
  concurrency: 1,
  timeLimitMs: 180_000,
  memoryLimitMb: 512,
  retryAfterSeconds: 10,
  // The render gives way to the request thread when they share a core (issue 22: other requests
  // keep their p95 while it runs); with a core free it runs at full speed.
  niceness: 10,
});
