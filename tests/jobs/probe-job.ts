import { Worker } from "node:worker_threads";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type probe from "@/tests/jobs/probe.worker";

/**
 * Two at a time, 20 s, 48 MB of heap (the TypeScript loader the tests run workers with takes about
 * 12 of them). 20 s, not the 3 s it had: on Node 20 each worker compiles its TypeScript through
 * tsx, and on a loaded machine start-up alone passed 3 s, failing jobs that were not about time.
 * The time-limit test sets its own short limit.
 */
export const probeJob = defineJobKind<typeof probe>({
  kind: "test.probe",
  label: "probe job",
  spawn: (options) => new Worker(new URL("./probe.worker.ts", import.meta.url), { ...options }),
  concurrency: 2,
  timeLimitMs: 20_000,
  memoryLimitMb: 48,
  retryAfterSeconds: 1,
  itemWindow: 4,
  niceness: 7,
});
