// The messages between a job's worker thread and the instance that started it (server/jobs/).
// No `import "server-only"`: this file is bundled into the worker threads too, and imports
// nothing but types. docs/decisions/085-heavy-jobs-in-worker-threads.md.
import type { ErrorCode } from "@/server/http/errors";

/** Counters shown on screen while a job runs: rows read, rows written, pages rendered, ... */
export type JobProgress = Record<string, number>;

/** Set in workerData, so a module knows it was started as a job (and by this protocol). */
export const JOB_PROTOCOL = "raffle-job/1";

/** What the instance hands the worker when it starts (workerData). */
export interface JobWorkerData {
  protocol: typeof JOB_PROTOCOL;
  id: string;
  kind: string;
  input: unknown;
  /** Bytes sent to the instance per message: small writes are gathered up to this size. */
  chunkBytes: number;
  /** Output bytes the worker may have sent and the reader not yet taken before write() waits. */
  outputWindowBytes: number;
  /** Items the worker may have sent and the instance not yet taken before emit() waits. */
  itemWindow: number;
  /** The worker posts its progress at most this often. */
  progressIntervalMs: number;
  /** The thread's nice value (Linux), set when it starts; 0 leaves it as it is. */
  niceness: number;
}

/** Worker → instance. Messages arrive in the order sent: `done` always comes after the last chunk. */
export type WorkerMessage =
  | { t: "progress"; progress: JobProgress }
  | { t: "chunk"; bytes: Uint8Array }
  | { t: "item"; item: unknown }
  | { t: "pull" }
  | { t: "done"; result: unknown }
  | { t: "fail"; code: ErrorCode | null; message: string; stack?: string };

/** Instance → worker. */
export type InstanceMessage =
  /** The reader took this many output bytes: room for as many more. */
  | { t: "credit"; bytes: number }
  /** The instance took this many items. */
  | { t: "item-credit"; items: number }
  /** The next input chunk, or null at the end of the input. */
  | { t: "input"; bytes: Uint8Array | null };

/**
 * A failure a job reports on purpose, with a message the person who started it can act on
 * ("The file is not a GCash statement"). The instance answers it with the code's HTTP status
 * (server/http/errors.ts). Anything else a job throws is a 500 with a generic message.
 */
export class JobError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = "JobError";
    this.code = code;
  }
}
