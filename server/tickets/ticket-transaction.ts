import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { violatesConstraint } from "@/server/http/db-errors";
import { AppError } from "@/server/http/errors";
import { jobTransaction, type JobLimits } from "@/server/jobs/job-transaction";
import { GCASH_REFERENCE_INDEX } from "@/server/payments/plan-payment";

type Tx = Prisma.TransactionClient;

/** Arbitrary constant: the transaction-scoped advisory lock every number allocator takes. */
const ALLOCATION_LOCK = 40_417_004;

/**
 * Serializes ticket-number allocation (generate, custom number, custom range) across every
 * connection and process. Released at commit or rollback. The unique index on ticket_number
 * stays the backstop for writers that do not take it.
 */
export async function lockTicketNumbers(tx: Tx) {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${ALLOCATION_LOCK}::bigint)`;
}

/** True for a unique-constraint violation, however the driver adapter reports it. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: string; meta?: Record<string, unknown>; message?: string; cause?: unknown };
  if (e.code === "P2002" || e.code === "23505") return true;
  const meta = JSON.stringify(e.meta ?? {});
  if (meta.includes("23505") || meta.includes("UniqueConstraintViolation")) return true;
  if (typeof e.message === "string" && /unique constraint|23505/i.test(e.message)) return true;
  return e.cause ? isUniqueViolation(e.cause) : false;
}

/**
 * One interactive transaction for a ticket change. Waits long enough for a burst of
 * concurrent allocators to queue on the advisory lock (or, on PGlite, the single connection)
 * instead of failing; a unique violation becomes a clean 409. With `job`, the transaction lives
 * within the job's limits (server/jobs/job-transaction.ts): its end cancels the statement and
 * frees the number lock; `fn` gets the checkpoint to call between batches.
 */
export async function ticketTransaction<T>(
  fn: (tx: Tx, checkpoint: () => Promise<void>) => Promise<T>,
  options?: { timeoutMs?: number; job?: JobLimits },
): Promise<T> {
  try {
    if (options?.job) return await jobTransaction(options.job, fn);
    return await db().$transaction((tx) => fn(tx, async () => {}), {
      maxWait: 60_000,
      timeout: options?.timeoutMs ?? 60_000,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A GCash reference claimed twice is the registration's to explain (runRegistration).
    if (isUniqueViolation(error) && !violatesConstraint(error, GCASH_REFERENCE_INDEX)) {
      throw new AppError("conflict", "That ticket number was taken at the same moment. Please try again.", {
        cause: error,
      });
    }
    throw error;
  }
}
