import "server-only";
import { Worker } from "node:worker_threads";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type selfTest from "@/server/jobs/kinds/self-test.worker";

/** POST /api/jobs/self-test: one at a time per instance, 60 s, 64 MB of heap. */
export const selfTestJob = defineJobKind<typeof selfTest>({
  kind: "self-test",
  label: "self-test",
  spawn: (options) => new Worker(new URL("./self-test.worker.ts", import.meta.url), { ...options }),
  concurrency: 1,
  timeLimitMs: 60_000,
  memoryLimitMb: 64,
  retryAfterSeconds: 5,
});
