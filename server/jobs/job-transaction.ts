import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db, dbEngine, sql } from "@/server/db/client";

type Tx = Prisma.TransactionClient;

/** What a job's database work must stop at: its deadline, and the signal of its end (time limit, cancel). */
export interface JobLimits {
  /** When the job's time limit passes (Date.now() scale). */
  deadline: number;
  /** Aborted when the job ends without success; its reason is the job's AppError. */
  signal: AbortSignal;
}

/** Room Prisma's own transaction timer leaves after the job's deadline: the database's limits act first. */
const PRISMA_MARGIN_MS = 5_000;

/**
 * An interactive transaction bound to a job (issue 36: a job's limits are the database's limits).
 * Prisma's timer is the job's remaining time (never its 5 s default); inside, the statement and
 * lock timeouts are the job's remaining time too, and on PostgreSQL the job's end (its limit, a
 * cancel, a client gone) cancels the statement running in it with pg_cancel_backend, so the
 * transaction rolls back and its locks (the ticket-number lock) are free within a second.
 * `fn` gets `checkpoint()` to call between steps: it sets the timeouts to what is left and throws
 * the job's error once the job has ended.
 */
export async function jobTransaction<T>(
  job: JobLimits,
  fn: (tx: Tx, checkpoint: () => Promise<void>) => Promise<T>,
  options: { maxWaitMs?: number } = {},
): Promise<T> {
  const remaining = () => Math.max(1, Math.ceil(job.deadline - Date.now()));
  try {
    return await db().$transaction(
      async (tx) => {
        const stop = await bindToJob(tx, job);
        try {
          const checkpoint = async () => {
            job.signal.throwIfAborted();
            await setTimeouts(tx, remaining());
          };
          const result = await fn(tx, checkpoint);
          // The job ended while its last statement ran: what it wrote is not kept.
          job.signal.throwIfAborted();
          return result;
        } finally {
          await stop();
        }
      },
      { maxWait: options.maxWaitMs ?? 60_000, timeout: remaining() + PRISMA_MARGIN_MS },
    );
  } catch (error) {
    // The statement was cancelled because the job ended: the job's own error says why.
    if (job.signal.aborted) throw job.signal.reason;
    throw error;
  }
}

async function setTimeouts(tx: Tx, ms: number) {
  await tx.$queryRaw`SELECT set_config('statement_timeout', ${String(ms)}, true) AS statement_timeout,
    set_config('lock_timeout', ${String(ms)}, true) AS lock_timeout`;
}

/**
 * Sets the transaction's timeouts and, on PostgreSQL, arranges for the job's end to cancel the
 * backend's running statement. Answers the function that undoes it (awaiting a cancel in flight,
 * so it can never reach the connection once it serves someone else).
 */
async function bindToJob(tx: Tx, job: JobLimits): Promise<() => Promise<void>> {
  job.signal.throwIfAborted();
  const ms = Math.max(1, Math.ceil(job.deadline - Date.now()));
  await setTimeouts(tx, ms);
  // PGlite runs one statement at a time in this process: nothing else could send the cancel.
  if (dbEngine() !== "postgresql") return async () => {};
  const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  let cancelling: Promise<unknown> | null = null;
  const cancel = () => {
    cancelling = sql(`SELECT pg_cancel_backend($1::int)`, [pid]).catch((error) =>
      console.error(`jobs: cancelling backend ${pid} failed:`, error),
    );
  };
  job.signal.addEventListener("abort", cancel, { once: true });
  return async () => {
    job.signal.removeEventListener("abort", cancel);
    if (cancelling) await cancelling;
  };
}
