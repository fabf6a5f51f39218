import "server-only";
import { sql } from "@/server/db/client";

// The audit log's hash chain is sealed lazily (docs/decisions/211): writers insert audit rows
// without any chain work, and audit_log_seal() gives every committed row not yet sealed its place
// in the chain. Called at start, every minute while the app runs, and before anything exports or
// anchors the log (the archive, a checkpoint, a draw's reveal).

/** Rows sealed per call of audit_log_seal(): each call is its own short transaction (on the embedded
 * database, with one session, about a third of a second that other requests wait for). */
export const SEAL_BATCH = 5_000;

/** Seals every audit row committed so far, SEAL_BATCH at a time; returns how many were sealed. */
export async function sealAuditLog(): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ n }] = await sql<{ n: number }>(`SELECT audit_log_seal($1::int) AS n`, [SEAL_BATCH]);
    total += n;
    if (n < SEAL_BATCH) return total;
  }
}

export const SEAL_INTERVAL_MS = 60_000;

let timer: ReturnType<typeof setInterval> | undefined;

/** Seals once a minute in the running server (one run at a time; never keeps the process alive). */
export function startPeriodicSealing(intervalMs = SEAL_INTERVAL_MS) {
  if (timer) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    sealAuditLog()
      .catch((error) => console.warn(`audit: cannot seal the audit log: ${(error as Error).message.split("\n")[0]}`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref?.();
}
