import "server-only";
import { dbEngine, sql } from "@/server/db/client";

// The audit log's hash chain is sealed lazily (docs/decisions/211): writers insert audit rows
// without any chain work, and audit_log_seal() gives every committed row not yet sealed its place
// in the chain. Called at start, every minute while the app runs, after a bulk job has committed
// (sealSoon), and before anything exports or anchors the log (the archive, a checkpoint, a draw's
// reveal).

/**
 * Rows sealed per call of audit_log_seal(): each call is its own short transaction, and between two
 * calls a request that was waiting for the connection goes first (the pool serves in order). On the
 * embedded database, with one session, every request waits for the slice under way: 1,000 rows is
 * about a tenth of a second there, where 5,000 was a third to over a second (decision 266).
 */
export const SEAL_BATCH = { postgresql: 5_000, pglite: 1_000 } as const;

/** Seals every audit row committed so far, a slice at a time; returns how many were sealed. */
export async function sealAuditLog(): Promise<number> {
  const slice = SEAL_BATCH[dbEngine()];
  let total = 0;
  for (;;) {
    const [{ n }] = await sql<{ n: number }>(`SELECT audit_log_seal($1::int) AS n`, [slice]);
    total += n;
    if (n < slice) return total;
  }
}

export const SEAL_INTERVAL_MS = 60_000;

let running: Promise<number> | undefined;

/**
 * Starts sealing in the background unless a background seal is already under way (then that one
 * seals the new rows too, as it loops until none is left); never throws.
 */
export function sealSoon(): Promise<number> {
  running ??= sealAuditLog()
    .catch((error) => {
      console.warn(`audit: cannot seal the audit log: ${(error as Error).message.split("\n")[0]}`);
      return 0;
    })
    .finally(() => {
      running = undefined;
    });
  return running;
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Seals once a minute in the running server (one run at a time; never keeps the process alive). */
export function startPeriodicSealing(intervalMs = SEAL_INTERVAL_MS) {
  if (timer) return;
  timer = setInterval(() => void sealSoon(), intervalMs);
  timer.unref?.();
}
