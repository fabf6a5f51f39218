import { Worker } from "node:worker_threads";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type probe from "@/tests/jobs/probe.worker";

/** Two at a time, 3 s, 48 MB of heap (the TypeScript loader the tests run workers with takes about 12 of them). */
export const probeJob = defineJobKind<typeof probe>({
  kind: "test.probe",
  label: "probe job",
  spawn: (options) => new Worker(new URL("./probe.worker.ts", import.meta.url), { ...options }),
  concurrency: 2,
  timeLimitMs: 3000,
  memoryLimitMb: 48,
  retryAfterSeconds: 1,
  itemWindow: 4,
});
