import "server-only";
import type { RaffleStatus } from "@/lib/draw";
import { isReadOnlyRaffle } from "@/lib/raffle-allows";
import { sql } from "@/server/db/client";
import { RAFFLE_CLOSED_MESSAGE } from "@/server/http/db-errors";
import { AppError } from "@/server/http/errors";

// The write routes that change the raffle's records (issue 24, docs/decisions/130). While the raffle
// is closed, apiRoute answers them 409 `raffle_closed` before reading the body, whatever the target;
// the database's closed_raffle_guard refuses the same writes made any other way (a job, a script,
// psql). Every other write route is listed in NOT_RAFFLE_WRITES with why it stays open; a test
// (tests/integration/raffle-closed.test.ts) fails when a write route is in neither list.

export const RAFFLE_WRITE_ROUTES = [
  "POST /api/draws",
  "POST /api/draws/[id]/reveal",
  "POST /api/draws/[id]/publish",
  "POST /api/draws/[id]/positions/[n]/[action]",
  "POST /api/draws/[id]/drum-pick",
  "POST /api/draws/[id]/positions/[n]/evidence",
  "POST /api/prizes",
  "PUT /api/prizes/[id]",
  "DELETE /api/prizes/[id]",
  "POST /api/raffle/close-sales",
  "POST /api/print/stubs",
  "POST /api/reconciliation/imports",
  "POST /api/reconciliation/imports/[id]/discard",
  "POST /api/reconciliation/lines/[id]/ignore",
  "POST /api/reconciliation/lines/[id]/match",
  "POST /api/reconciliation/payments/[id]/unverify",
  "POST /api/reconciliation/payments/[id]/settle",
  "POST /api/reconciliation/payments/[id]/unsettle",
  "POST /api/remittances",
  "POST /api/remittances/[id]/void",
  "POST /api/remittances/adjustments",
  "POST /api/sellers/[id]/allocations",
  "POST /api/sellers/[id]/returns",
  "PUT /api/tickets/[id]",
  "DELETE /api/tickets/[id]",
  "POST /api/tickets/[id]/attachments",
  "POST /api/tickets/[id]/qr/replace",
  "POST /api/tickets/[id]/void",
  "POST /api/tickets/[id]/unvoid",
  "POST /api/tickets/admin/generate-custom-range",
  "DELETE /api/tickets/attachment/[id]",
  "POST /api/tickets/generate",
  "POST /api/tickets/import",
  "POST /api/tickets/mobile/generate",
  "POST /api/tickets/register-multiple",
  "PUT /api/tickets/register/[controlNumber]",
] as const;

/** Writes that stay open on a closed raffle, and why. */
export const NOT_RAFFLE_WRITES: Record<string, string> = {
  "POST /api/raffle/close": "Close itself (409 conflict when already closed)",
  "POST /api/raffle/reopen": "the way back",
  "POST /api/raffle/purge": "allowed only when closed",
  "POST /api/raffle/archive.zip": "the archive reads the records; taken after Close, it is what Purge asks for",
  "PUT /api/settings": "the installation's settings, not the raffle's records",
  "POST /api/audit/checkpoints": "a checkpoint of the audit log (useful at close)",
  "POST /api/backups": "a backup copies the records (a closed raffle is worth backing up before Purge); it writes none",
  "POST /api/jobs/self-test": "the worker's self-test writes no raffle record",
  "POST /api/tickets/send-email": "sends a ticket's e-mail; writes no raffle record",
  "POST /api/auth/[...nextauth]": "sign-in",
  "POST /api/auth/add-user": "users",
  "POST /api/auth/check-admin": "users",
  "DELETE /api/auth/delete-user": "users",
  "PUT /api/auth/disable-user": "users",
  "POST /api/auth/google-signin": "sign-in",
  "POST /api/auth/reset-google-link": "users",
  "DELETE /api/auth/sessions/[id]": "own sessions",
  "POST /api/auth/sign-out": "sign-out",
  "PUT /api/auth/update-user-role": "users",
  "POST /api/auth/verify-token": "sign-in",
  "POST /api/[...path]": "404 for unknown paths",
  "PUT /api/[...path]": "404 for unknown paths",
  "PATCH /api/[...path]": "404 for unknown paths",
  "DELETE /api/[...path]": "404 for unknown paths",
};

const patterns = RAFFLE_WRITE_ROUTES.map((entry) => {
  const [method, route] = entry.split(" ");
  const source = route.replace(/\[\.\.\.[^\]]+\]/g, ".+").replace(/\[[^\]]+\]/g, "[^/]+");
  return { method, regex: new RegExp(`^${source}/?$`) };
});

export function isRaffleWrite(method: string, pathname: string): boolean {
  return patterns.some((p) => p.method === method && p.regex.test(pathname));
}

/**
 * 409 raffle_closed when the raffle is closed: the status the caller's session statement read
 * (decision 220: no round trip of its own), else one primary-key read. An early answer only: the
 * database's closed_raffle_guard refuses the write inside its transaction whatever this saw.
 */
export async function assertRaffleOpen(principal?: { raffleStatus?: string | null } | null): Promise<void> {
  let status: string | null | undefined = principal?.raffleStatus;
  if (status === undefined) {
    const rows = await sql<{ status: RaffleStatus }>(
      `SELECT status FROM raffle_state WHERE id = 1`,
      [],
      "raffle_status",
    );
    status = rows[0]?.status ?? null;
  }
  // The same decision the screens show (lib/raffle-allows.ts, decision 202).
  if (status && isReadOnlyRaffle(status as RaffleStatus)) throw new AppError("raffle_closed", RAFFLE_CLOSED_MESSAGE);
}
