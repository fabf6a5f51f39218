import "server-only";
import type { Worker, WorkerOptions } from "node:worker_threads";
import type { JobProgress } from "@/server/jobs/protocol";
import type { JobModule } from "@/server/jobs/worker-runtime";

/**
 * One kind of heavy job, as the instance sees it: its name, its limits, and how to start its
 * worker. `spawn` must be written out, in the kind's own file, exactly as
 *   (options) => new Worker(new URL("./x.worker.ts", import.meta.url), { ...options })
 * That form is what Turbopack (the production build) turns into a worker chunk of its own, and
 * what Node (tests, scripts) resolves to the TypeScript file. The options must be an object
 * literal: given as a bare identifier, Turbopack copies the .ts file as an asset instead, and the
 * worker cannot start in production (checked in the build; docs/decisions/085).
 */
export interface JobKindOptions {
  /** Stored in `jobs.kind` and shown to people: "stubs.pdf", "statement.parse", ... */
  kind: string;
  /** For messages: "stub printing", "statement import". */
  label: string;
  spawn: (options: WorkerOptions) => Worker;
  /** Jobs of this kind at once on one instance; one more gets 429 with Retry-After. */
  concurrency: number;
  /** The worker is stopped after this long (504 `job_timeout`). */
  timeLimitMs: number;
  /** The worker's JavaScript heap (old generation); past it the worker is stopped (413 `job_too_large`). */
  memoryLimitMb: number;
  /** Told to the caller refused for concurrency: roughly how long a job of this kind takes. */
  retryAfterSeconds: number;
  /** Output bytes the reader may leave unread before the worker waits (default 1 MB). */
  outputWindowBytes?: number;
  /** Output bytes per message (default 64 KB). */
  chunkBytes?: number;
  /** Items the instance may leave untaken before the worker waits (default 8). */
  itemWindow?: number;
  /**
   * The worker thread's nice value on Linux (0–19, default 0): above 0 the thread gives way to the
   * request thread when both want the same core, so other requests keep their time while a long
   * render runs; with a core to spare it runs at full speed (decision 150).
   */
  niceness?: number;
}

export interface JobKind<I, O, P extends JobProgress, Item> extends Required<JobKindOptions> {
  /** Types only, never set: what the worker takes, returns, counts and emits. */
  readonly types?: { input: I; result: O; progress: P; item: Item };
}

export type AnyJobKind = JobKind<any, any, any, any>;
export type JobInput<K> = K extends JobKind<infer I, any, any, any> ? I : never;
export type JobResult<K> = K extends JobKind<any, infer O, any, any> ? O : never;
export type JobProgressOf<K> = K extends JobKind<any, any, infer P, any> ? P : never;
export type JobItem<K> = K extends JobKind<any, any, any, infer Item> ? Item : never;

/** `defineJobKind<typeof workerModule>({...})`: the kind takes its types from its worker module. */
export function defineJobKind<M extends JobModule<any, any, any, any>>(options: JobKindOptions) {
  type T = NonNullable<M["types"]>;
  return {
    outputWindowBytes: 1024 * 1024,
    chunkBytes: 64 * 1024,
    itemWindow: 8,
    niceness: 0,
    ...options,
  } as JobKind<T["input"], T["result"], T["progress"], T["item"]>;
}
