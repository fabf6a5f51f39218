// The inside of a job's worker thread: a job module calls jobWorker(run) once, at its top level.
// When the module is started as a job (server/jobs/start-job.ts), this runs `run` with the input
// and a context for progress, output bytes, items and input bytes, all with backpressure.
// Imported elsewhere (for its types), it does nothing. No `import "server-only"`: this file is
// bundled into the worker threads. docs/decisions/085-heavy-jobs-in-worker-threads.md.
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { isMainThread, parentPort, workerData, type MessagePort } from "node:worker_threads";
import {
  JOB_PROTOCOL,
  JobError,
  type InstanceMessage,
  type JobProgress,
  type JobWorkerData,
  type WorkerMessage,
} from "@/server/jobs/protocol";

export interface JobContext<P extends JobProgress, Item> {
  /** The job's id (its row in `jobs`). */
  readonly id: string;
  /** Sets progress counters (each counter's latest value wins); posted at a bounded rate. */
  progress(update: Partial<P>): void;
  /** Appends bytes to the job's output; resolves once the reader has room for more. */
  write(bytes: Uint8Array | string): Promise<void>;
  /** Sends one item (e.g. a batch of parsed rows) to the instance; resolves once it has room for more. */
  emit(item: Item): Promise<void>;
  /** The bytes the instance feeds the job (a request body), chunk by chunk, as they are asked for. */
  input(): AsyncIterable<Uint8Array>;
}

/**
 * What jobWorker returns: nothing at run time, the job's types for the instance's side
 * (`defineJobKind<typeof module>` in server/jobs/define-job-kind.ts).
 */
export interface JobModule<I, O, P extends JobProgress, Item> {
  readonly types?: { input: I; result: O; progress: P; item: Item };
}

export function jobWorker<I, O, P extends JobProgress = JobProgress, Item = never>(
  run: (input: I, job: JobContext<P, Item>) => Promise<O> | O,
): JobModule<I, O, P, Item> {
  const data = workerData as JobWorkerData | undefined;
  if (!isMainThread && parentPort && data?.protocol === JOB_PROTOCOL)
    void runJob(parentPort, data, run as (input: unknown, job: JobContext<P, unknown>) => unknown);
  return {};
}

/**
 * This thread's own id on Linux (/proc/thread-self → "<pid>/task/<tid>"), or null elsewhere.
 * Linux applies setpriority(PRIO_PROCESS, tid) to that one thread, not the whole process.
 */
function linuxThreadId(): number | null {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** This thread's nice value (Linux), or null where it cannot be read. */
export function currentThreadNiceness(): number | null {
  const tid = linuxThreadId();
  return tid === null ? null : getPriority(tid);
}

function lowerThreadPriority(niceness: number) {
  const tid = linuxThreadId();
  if (tid === null || niceness <= 0) return;
  try {
    setPriority(tid, Math.min(19, niceness));
  } catch (error) {
    // Not allowed here (a container without the right): the job runs at normal priority.
    console.warn(
      `jobs: the worker's priority was not lowered: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A promise and its resolver, for waiting on the instance's next message of a kind. */
function waiter() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function runJob<P extends JobProgress>(
  port: MessagePort,
  data: JobWorkerData,
  run: (input: unknown, job: JobContext<P, unknown>) => unknown,
) {
  const post = (message: WorkerMessage, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
  lowerThreadPriority(data.niceness ?? 0);

  // Output: small writes are gathered into chunks of `chunkBytes`, each a fresh buffer handed
  // over without a copy; at most `outputWindowBytes` wait unread before write() waits.
  let staged = new Uint8Array(data.chunkBytes);
  let stagedLength = 0;
  let unreadBytes = 0;
  let unreadItems = 0;
  let roomForBytes: ReturnType<typeof waiter> | null = null;
  let roomForItems: ReturnType<typeof waiter> | null = null;
  let nextInput: ((bytes: Uint8Array | null) => void) | null = null;

  port.on("message", (message: InstanceMessage) => {
    if (message.t === "credit") {
      unreadBytes -= message.bytes;
      if (roomForBytes && unreadBytes < data.outputWindowBytes) roomForBytes.resolve();
    } else if (message.t === "item-credit") {
      unreadItems -= message.items;
      if (roomForItems && unreadItems < data.itemWindow) roomForItems.resolve();
    } else if (message.t === "input") {
      const deliver = nextInput;
      nextInput = null;
      deliver?.(message.bytes);
    }
  });

  const sendStaged = () => {
    if (stagedLength === 0) return;
    const chunk = stagedLength === staged.length ? staged : staged.slice(0, stagedLength);
    // Counted before the transfer, which leaves `chunk` empty on this side.
    unreadBytes += chunk.byteLength;
    post({ t: "chunk", bytes: chunk }, [chunk.buffer as ArrayBuffer]);
    staged = new Uint8Array(data.chunkBytes);
    stagedLength = 0;
  };
  const waitForReader = async () => {
    while (unreadBytes >= data.outputWindowBytes) {
      roomForBytes = waiter();
      await roomForBytes.promise;
      roomForBytes = null;
    }
  };

  let progress: JobProgress = {};
  let progressDirty = false;
  let progressPostedAt = 0;
  let progressTimer: NodeJS.Timeout | null = null;
  const postProgress = () => {
    if (progressTimer) clearTimeout(progressTimer);
    progressTimer = null;
    if (!progressDirty) return;
    progressDirty = false;
    progressPostedAt = Date.now();
    post({ t: "progress", progress: { ...progress } });
  };

  const encoder = new TextEncoder();
  let inputTaken = false;
  const context: JobContext<P, unknown> = {
    id: data.id,
    progress(update) {
      progress = { ...progress, ...(update as JobProgress) };
      progressDirty = true;
      const wait = data.progressIntervalMs - (Date.now() - progressPostedAt);
      if (wait <= 0) postProgress();
      else progressTimer ??= setTimeout(postProgress, wait);
    },
    async write(value) {
      let bytes = typeof value === "string" ? encoder.encode(value) : value;
      while (bytes.byteLength > 0) {
        const n = Math.min(bytes.byteLength, staged.length - stagedLength);
        staged.set(bytes.subarray(0, n), stagedLength);
        stagedLength += n;
        bytes = bytes.subarray(n);
        if (stagedLength === staged.length) {
          sendStaged();
          await waitForReader();
        }
      }
    },
    async emit(item) {
      post({ t: "item", item });
      unreadItems += 1;
      while (unreadItems >= data.itemWindow) {
        roomForItems = waiter();
        await roomForItems.promise;
        roomForItems = null;
      }
    },
    input() {
      if (inputTaken) throw new Error("a job's input can be read once");
      inputTaken = true;
      return {
        async *[Symbol.asyncIterator]() {
          for (;;) {
            const bytes = await new Promise<Uint8Array | null>((resolve) => {
              nextInput = resolve;
              post({ t: "pull" });
            });
            if (bytes === null) return;
            yield bytes;
          }
        },
      };
    },
  };

  try {
    const result = await run(data.input, context);
    sendStaged();
    postProgress();
    post({ t: "done", result });
  } catch (error) {
    postProgress();
    const known = error instanceof JobError;
    post({
      t: "fail",
      code: known ? error.code : null,
      message: error instanceof Error ? error.message : String(error),
      stack: known ? undefined : error instanceof Error ? error.stack : undefined,
    });
  }
}
