import "server-only";
import { Worker } from "node:worker_threads";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type ticketImport from "@/server/jobs/kinds/ticket-import.worker";

/**
 * POST /api/tickets/import: the CSV is read in a worker (decision 080). Two at a time per
 * instance (they queue on the number allocation lock anyway), 280 s (the screen waits 300 s,
 * SPEC section 7), 192 MB of heap: a
 * 25 MB file with one 16 MB cell needs about 100 MB in papaparse's re-reads.
 */
export const ticketImportJob = defineJobKind<typeof ticketImport>({
  kind: "tickets.import",
  label: "ticket import",
  spawn: (options) => new Worker(new URL("./ticket-import.worker.ts", import.meta.url), { ...options }),
  concurrency: 2,
  timeLimitMs: 280_000,
  memoryLimitMb: 192,
  retryAfterSeconds: 15,
  itemWindow: 2,
});
