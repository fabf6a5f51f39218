import "server-only";
import { Worker } from "node:worker_threads";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type raffleArchive from "@/server/jobs/kinds/raffle-archive.worker";

/** The close-out archive: one at a time per instance, 10 minutes, 128 MB of heap (it streams). */
export const raffleArchiveJob = defineJobKind<typeof raffleArchive>({
  kind: "raffle-archive",
  label: "raffle archive",
  spawn: (options) => new Worker(new URL("./raffle-archive.worker.ts", import.meta.url), { ...options }),
  concurrency: 1,
  timeLimitMs: 600_000,
  memoryLimitMb: 128,
  retryAfterSeconds: 30,
});
