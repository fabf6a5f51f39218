import "server-only";
import { Worker } from "node:worker_threads";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type drawPdf from "@/server/jobs/kinds/draw-pdf.worker";

/**
 * The Commitment Notice and the Minutes of the Draw: a few pages each, two at a time per instance, 30 s, 128 MB of
 * heap.
 */
export const drawPdfJob = defineJobKind<typeof drawPdf>({
  kind: "draw-pdf",
  label: "draw document",
  spawn: (options) => new Worker(new URL("./draw-pdf.worker.ts", import.meta.url), { ...options }),
  concurrency: 2,
  timeLimitMs: 30_000,
  memoryLimitMb: 128,
  retryAfterSeconds: 5,
});
