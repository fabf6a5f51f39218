import "server-only";
import { randomUUID } from "node:crypto";
import type { HeapInfo } from "node:v8";
import type { Worker } from "node:worker_threads";
import type { Principal } from "@/server/auth/principal";
import { AppError } from "@/server/http/errors";
import type { AnyJobKind, JobInput, JobItem, JobProgressOf, JobResult } from "@/server/jobs/define-job-kind";
import { ItemChannel, OutputChannel } from "@/server/jobs/job-channels";
import { deleteOldJobRows, finishJobRow, insertJobRow, updateJobProgress, type JobEnd } from "@/server/jobs/job-rows";
import { JOB_PROTOCOL, type JobProgress, type JobWorkerData, type WorkerMessage } from "@/server/jobs/protocol";

/** Progress reaches the jobs row at most this often, and a running job's row at least this often. */
export const PROGRESS_WRITE_INTERVAL_MS = 1000;
export const HEARTBEAT_INTERVAL_MS = 10_000;
/** The worker posts its progress at most this often. */
const WORKER_PROGRESS_INTERVAL_MS = 100;
/** How often the instance reads a worker's heap size (answered between any two of its instructions). */
const HEAP_CHECK_INTERVAL_MS = 100;
/**
 * V8's own limit for a worker's heap, as a multiple of the kind's budget. The instance stops a
 * worker at the budget itself: reaching V8's limit can abort the whole process, not just the
 * worker, for some allocation shapes (nodejs/node#47224), so V8's limit is only the backstop.
 */
const V8_HEAP_LIMIT_FACTOR = 2;
/**
 * The young generation of a job's worker (V8's nursery, where every short-lived object starts). Left
 * to V8 (resourceLimits naming only the old generation), a 100,000-row import's server grew 404–414
 * MB; set to 16 MB (4, 8, 16 and 32 all measured alike, within noise), 295–324 MB, in the same time
 * (bench/bulk.ts on PostgreSQL, decision 279).
 */
const YOUNG_GENERATION_MB = 16;

/** A time limit in words: "20 seconds", "1 second", "0.4 seconds" (a test's short limit). */
const secondsText = (ms: number) => `${ms / 1000} ${ms === 1000 ? "second" : "seconds"}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Under `next start` and `next dev` a worker's code is bundled JavaScript (Turbopack turns
 * `new Worker(new URL("./x.worker.ts", import.meta.url))` into a chunk of its own). Run from
 * TypeScript sources (vitest, tsx scripts) the worker needs the same loader and conditions.
 */
const workerExecArgv = () => (process.env.NEXT_RUNTIME ? [] : ["--import", "tsx", "--conditions=react-server"]);

// Jobs running in this process, by kind (one count per process, also if Next loads this module twice).
const globalForJobs = globalThis as typeof globalThis & {
  __raffleJobs?: Map<string, number>;
  __raffleJobsSweptAt?: number;
};
const running = () => (globalForJobs.__raffleJobs ??= new Map());

/** How many jobs of a kind this instance is running now. */
export function runningJobCount(kind: string) {
  return running().get(kind) ?? 0;
}

export interface StartJobOptions<I> {
  /** Who asked: the job is theirs to watch (GET /api/jobs/{id}); null for the server's own jobs. */
  principal: Principal | null;
  input: I;
  /** Bytes for the job's input() (a request body), read only as fast as the job asks. */
  input$?: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
  /** Aborted when the client goes away (the request's signal): the job is cancelled. */
  signal?: AbortSignal;
  /** An id the client chose (JOB_ID_HEADER), so it can watch progress before the answer arrives. */
  id?: string | null;
  /**
   * "auto" (default): the job is done when the worker is and its output and items were taken.
   * "manual": the caller ends it with complete() or fail() (e.g. after its own transaction).
   */
  completion?: "auto" | "manual";
}

export interface JobOutcome {
  id: string;
  state: JobEnd["state"];
  error?: AppError;
  /** A streamed job's output: size and SHA-256 (hex) of exactly the bytes read (set on success). */
  output?: { bytes: number; sha256: string };
}

export interface JobRun<O, P extends JobProgress, Item> {
  readonly id: string;
  /** When the job's time limit passes (Date.now() scale): its database work stops there too. */
  readonly deadline: number;
  /** Aborted, with the job's AppError as reason, when the job ends without success. */
  readonly signal: AbortSignal;
  /** The job's output bytes, pulled by the reader with backpressure all the way to the worker. */
  readonly output: ReadableStream<Uint8Array>;
  /** The job's items, one at a time: the worker waits while the instance deals with them. */
  readonly items: AsyncIterable<Item>;
  /** The worker's answer, once it finished and its output and items were taken. Rejects with the job's AppError. */
  readonly result: Promise<O>;
  /** When the jobs row is final and the worker thread gone (never rejects). */
  readonly finished: Promise<JobOutcome>;
  /** Resolves at the first output chunk or the worker's end; rejects if the job failed before either. */
  ready(): Promise<void>;
  /** Sets progress counters from the instance's side (e.g. rowsWritten). */
  progress(update: Partial<P>): void;
  /** Stops the job (its worker terminated), recorded as cancelled. */
  cancel(reason: string): void;
  /** With completion "manual": the job succeeded, with this summary as its result. */
  complete(result?: unknown): void;
  /** With completion "manual": the job failed with this error. */
  fail(error: unknown): void;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A rejection nobody awaits (a streamed job's result) must not crash the process.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23505";

/**
 * Starts a job of `kind` in a worker thread of its own: checks the kind's per-instance limit
 * (429 `job_busy` with Retry-After), writes its row, and returns at once. The caller streams
 * `output`, takes `items`, awaits `result`, or all three.
 */
export async function startJob<K extends AnyJobKind>(
  kind: K,
  options: StartJobOptions<JobInput<K>>,
): Promise<JobRun<JobResult<K>, JobProgressOf<K>, JobItem<K>>> {
  if (options.id != null && !UUID.test(options.id)) throw new AppError("bad_request", "The job id must be a UUID");
  const slots = running();
  if ((slots.get(kind.kind) ?? 0) >= kind.concurrency) {
    throw new AppError(
      "job_busy",
      `Another ${kind.label} is running on this server; try again in ${kind.retryAfterSeconds} seconds`,
      {
        headers: { "retry-after": String(kind.retryAfterSeconds) },
      },
    );
  }
  slots.set(kind.kind, (slots.get(kind.kind) ?? 0) + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    slots.set(kind.kind, Math.max(0, (slots.get(kind.kind) ?? 1) - 1));
  };
  const id = (options.id ?? randomUUID()).toLowerCase();
  try {
    await insertJobRow({ id, kind: kind.kind, userId: options.principal?.user.id ?? null });
  } catch (error) {
    release();
    if (isUniqueViolation(error)) throw new AppError("conflict", "A job with this id already exists");
    throw error;
  }
  sweepOldJobs();
  return new JobRunner(kind, id, options, release);
}

/** At most once an hour per instance, finished jobs past their keeping time are deleted. */
function sweepOldJobs() {
  const now = Date.now();
  if (now - (globalForJobs.__raffleJobsSweptAt ?? 0) < 3_600_000) return;
  globalForJobs.__raffleJobsSweptAt = now;
  deleteOldJobRows().catch((error) => console.error("jobs: deleting old rows failed:", error));
}

class JobRunner<O, P extends JobProgress, Item> implements JobRun<O, P, Item> {
  readonly output: ReadableStream<Uint8Array>;
  readonly items: ItemChannel<Item>;
  private readonly outputChannel: OutputChannel;
  private readonly resultDeferred = deferred<O>();
  private readonly finishedDeferred = deferred<JobOutcome>();
  private readonly readyDeferred = deferred<void>();
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private state: "running" | JobEnd["state"] = "running";
  private workerDone = false;
  private workerResult: O | undefined;
  private completedManually = false;
  private progressState: JobProgress = {};
  private progressTimer: NodeJS.Timeout | null = null;
  private lastRowWrite = Date.now();
  private rowWrites: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inputIterator: AsyncIterator<Uint8Array> | null;
  private readonly onAbort = () => this.cancel("the client went away");
  private readonly ended = new AbortController();
  readonly deadline: number;

  constructor(
    private readonly kind: AnyJobKind,
    readonly id: string,
    private readonly options: StartJobOptions<unknown>,
    private readonly release: () => void,
  ) {
    this.outputChannel = new OutputChannel({
      onTaken: (bytes) => this.post({ t: "credit", bytes }),
      onDrained: () => this.maybeSucceed(),
      onCancel: () => this.cancel("the client went away"),
    });
    this.output = this.outputChannel.stream;
    this.items = new ItemChannel<Item>({
      onTaken: () => this.post({ t: "item-credit", items: 1 }),
      onDrained: () => this.maybeSucceed(),
    });
    this.deadline = Date.now() + kind.timeLimitMs;
    this.inputIterator = options.input$ ? (options.input$ as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]() : null;

    const workerData: JobWorkerData = {
      protocol: JOB_PROTOCOL,
      id,
      kind: kind.kind,
      input: options.input,
      chunkBytes: kind.chunkBytes,
      outputWindowBytes: kind.outputWindowBytes,
      itemWindow: kind.itemWindow,
      progressIntervalMs: WORKER_PROGRESS_INTERVAL_MS,
      niceness: kind.niceness,
    };
    this.worker = kind.spawn({
      workerData,
      name: `job ${kind.kind} ${id}`,
      execArgv: workerExecArgv(),
      resourceLimits: {
        maxOldGenerationSizeMb: kind.memoryLimitMb * V8_HEAP_LIMIT_FACTOR,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
    this.exited = new Promise((resolve) => this.worker.once("exit", () => resolve()));
    this.worker.on("message", (message: WorkerMessage) => this.onMessage(message));
    const tooLarge = () =>
      this.end(
        "failed",
        new AppError(
          "job_too_large",
          `The ${kind.label} needed more than ${kind.memoryLimitMb} MB of memory and was stopped`,
        ),
      );
    this.worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        tooLarge();
      } else {
        console.error(`jobs: ${kind.kind} ${id} crashed:`, error);
        this.end("failed", new AppError("internal", `The ${kind.label} failed (job ${id})`));
      }
    });
    this.worker.on("exit", (code) => {
      if (!this.workerDone)
        this.end(
          "failed",
          new AppError("internal", `The ${kind.label} stopped unexpectedly (job ${id}, exit code ${code})`),
        );
    });
    this.timers.push(
      setTimeout(
        () =>
          this.end(
            "failed",
            new AppError(
              "job_timeout",
              `The ${kind.label} took longer than ${secondsText(kind.timeLimitMs)} and was stopped`,
            ),
          ),
        kind.timeLimitMs,
      ),
      setInterval(() => {
        if (Date.now() - this.lastRowWrite >= HEARTBEAT_INTERVAL_MS) this.writeProgressNow();
      }, HEARTBEAT_INTERVAL_MS),
    );
    // Worker#getHeapStatistics (Node ≥ 22.16) interrupts the worker, so even a loop that never
    // yields is measured; on older Node only V8's limit applies.
    const measured = this.worker as Worker & { getHeapStatistics?: () => Promise<HeapInfo> };
    if (typeof measured.getHeapStatistics === "function") {
      const budget = kind.memoryLimitMb * 1024 * 1024;
      this.timers.push(
        setInterval(() => {
          if (this.state !== "running" || this.workerDone) return;
          measured.getHeapStatistics!().then(
            (heap) => heap.used_heap_size > budget && tooLarge(),
            () => {},
          );
        }, HEAP_CHECK_INTERVAL_MS),
      );
    }
    if (options.signal?.aborted) queueMicrotask(this.onAbort);
    else options.signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  get signal() {
    return this.ended.signal;
  }

  get result() {
    return this.resultDeferred.promise;
  }

  get finished() {
    return this.finishedDeferred.promise;
  }

  ready() {
    return this.readyDeferred.promise;
  }

  progress(update: Partial<P>) {
    this.progressState = { ...this.progressState, ...(update as JobProgress) };
    this.scheduleProgressWrite();
  }

  cancel(reason: string) {
    this.end("cancelled", new AppError("job_cancelled", `The ${this.kind.label} was cancelled: ${reason}`));
  }

  complete(result?: unknown) {
    if (this.options.completion !== "manual")
      throw new Error('complete() is for jobs started with completion: "manual"');
    if (!this.workerDone) throw new Error("complete() before the worker finished");
    this.completedManually = true;
    this.end("succeeded", undefined, result);
  }

  fail(error: unknown) {
    this.end(
      "failed",
      error instanceof AppError
        ? error
        : new AppError("internal", `The ${this.kind.label} failed (job ${this.id})`, { cause: error }),
    );
  }

  private post(
    message:
      { t: "credit"; bytes: number } | { t: "item-credit"; items: number } | { t: "input"; bytes: Uint8Array | null },
    transfer?: ArrayBuffer[],
  ) {
    if (this.state === "running" && !this.workerDone) this.worker.postMessage(message, transfer);
  }

  private onMessage(message: WorkerMessage) {
    if (this.state !== "running") return;
    switch (message.t) {
      case "progress":
        this.progress(message.progress as Partial<P>);
        break;
      case "chunk":
        this.outputChannel.push(message.bytes);
        this.readyDeferred.resolve();
        break;
      case "item":
        this.items.push(message.item as Item);
        break;
      case "pull":
        void this.feedInput();
        break;
      case "done":
        this.workerDone = true;
        this.workerResult = message.result as O;
        // Everything it sent has arrived (messages keep their order): its thread can go.
        void this.worker.terminate();
        this.readyDeferred.resolve();
        this.outputChannel.end();
        this.items.end();
        this.maybeSucceed();
        break;
      case "fail":
        if (message.code === null)
          console.error(`jobs: ${this.kind.kind} ${this.id} failed:`, message.stack ?? message.message);
        this.end(
          "failed",
          message.code
            ? new AppError(message.code, message.message)
            : new AppError("internal", `The ${this.kind.label} failed (job ${this.id})`),
        );
        break;
    }
  }

  private async feedInput() {
    try {
      const next = this.inputIterator ? await this.inputIterator.next() : { done: true as const, value: undefined };
      if (next.done) return this.post({ t: "input", bytes: null });
      // A copy the worker owns (a Buffer may be a view of a shared pool).
      const bytes = new Uint8Array(next.value);
      this.post({ t: "input", bytes }, [bytes.buffer]);
    } catch {
      this.cancel("its input stopped before the end");
    }
  }

  private maybeSucceed() {
    if (this.state !== "running" || !this.workerDone || !this.outputChannel.drained || !this.items.drained) return;
    this.resultDeferred.resolve(this.workerResult as O);
    if (this.options.completion !== "manual") this.end("succeeded", undefined, this.workerResult);
  }

  private scheduleProgressWrite() {
    if (this.state !== "running" || this.progressTimer) return;
    const wait = Math.max(0, this.lastRowWrite + PROGRESS_WRITE_INTERVAL_MS - Date.now());
    this.progressTimer = setTimeout(() => {
      this.progressTimer = null;
      this.writeProgressNow();
    }, wait);
  }

  private writeProgressNow() {
    if (this.state !== "running") return;
    this.lastRowWrite = Date.now();
    const progress = { ...this.progressState };
    this.rowWrites = this.rowWrites
      .then(() => updateJobProgress(this.id, progress))
      .catch((error) => console.error(`jobs: progress of ${this.id} not written:`, error));
  }

  /** The one way a job ends: worker stopped, slot freed, readers told, row written once. */
  private end(state: JobEnd["state"], error?: AppError, result?: unknown) {
    if (this.state !== "running") return;
    if (state === "succeeded" && this.options.completion === "manual" && !this.completedManually) return;
    this.state = state;
    for (const timer of this.timers) clearTimeout(timer);
    if (this.progressTimer) clearTimeout(this.progressTimer);
    this.options.signal?.removeEventListener("abort", this.onAbort);
    if (!this.workerDone) void this.worker.terminate();
    this.release();
    if (error) {
      // Whatever the job runs in the database is cancelled with it (server/jobs/job-transaction.ts).
      this.ended.abort(error);
      this.resultDeferred.reject(error);
      this.readyDeferred.reject(error);
      this.outputChannel.fail(error);
      this.items.fail(error);
      void this.inputIterator?.return?.();
    }
    // The digest is of what was handed to the reader, so it is given only for a complete output.
    const output =
      state === "succeeded" && this.outputChannel.bytes > 0
        ? { bytes: this.outputChannel.bytes, sha256: this.outputChannel.sha256() }
        : undefined;
    const end: JobEnd = {
      state,
      progress: this.progressState,
      result: state === "succeeded" ? result : undefined,
      error: error ? { code: error.code, message: error.message } : undefined,
      output: output ?? (this.outputChannel.bytes > 0 ? { bytes: this.outputChannel.bytes, sha256: null } : undefined),
    };
    this.rowWrites = this.rowWrites
      .then(() => finishJobRow(this.id, end))
      .catch((e) => console.error(`jobs: the end of ${this.id} not written:`, e))
      .then(() => this.exited)
      .then(() => this.finishedDeferred.resolve({ id: this.id, state, error, output }));
  }
}
