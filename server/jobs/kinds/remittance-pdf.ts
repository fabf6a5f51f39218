import "server-only";
import { Worker } from "node:worker_threads";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type remittancePdf from "@/server/jobs/kinds/remittance-pdf.worker";

/** Receipts and remittance reports: small documents, four at a time per instance, 30 s, 128 MB of heap. */
export const remittancePdfJob = defineJobKind<typeof remittancePdf>({
  kind: "remittance-pdf",
  label: "remittance document",
  spawn: (options) => new Worker(new URL("./remittance-pdf.worker.ts", import.meta.url), { ...options }),
  concurrency: 4,
  timeLimitMs: 30_000,
  memoryLimitMb: 128,
  retryAfterSeconds: 5,
});
