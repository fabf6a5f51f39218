import "server-only";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { MAX_QR_VERSION } from "@/server/stubs/verify-token";
import { getTicketOrThrow } from "@/server/tickets/ticket-ref";

/**
 * POST /api/tickets/{id}/qr/replace: advances the ticket's verify-code version, so the QR and
 * manual code on every earlier paper stop verifying ("This ticket code has been replaced"); the
 * next print carries the new code. For a stub that was lost or stolen. One transaction with its
 * audit row; the version only grows (a trigger), and stops at 31 (one base32 character).
 */
export async function replaceTicketQr(options: { ref: string; reason: string; principal: Principal }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  return db().$transaction(async (tx) => {
    const ticket = await getTicketOrThrow(options.ref, undefined, tx);
    const [row] = await tx.$queryRaw<{ qr_version: number; before: number }[]>`
      INSERT INTO ticket_stubs AS s (ticket_number, qr_version) VALUES (${ticket.ticket_number}::int, 2)
      ON CONFLICT (ticket_number) DO UPDATE SET qr_version = s.qr_version + 1 WHERE s.qr_version <
      ${MAX_QR_VERSION}::int
      RETURNING s.qr_version::int AS qr_version, (s.qr_version - 1)::int AS before`;
    if (!row)
      throw new AppError(
        "limit_reached",
        `The verify code of ${ticket.control_number} has been ` +
          `replaced ${MAX_QR_VERSION - 1} times and cannot be replaced again`,
      );
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "ticket.qr_replace",
      entityId: ticket.id,
      before: { control_number: ticket.control_number, qr_version: row.before },
      after: { control_number: ticket.control_number, qr_version: row.qr_version, reason: options.reason },
    });
    return { id: ticket.id, controlNumber: ticket.control_number, qrVersion: row.qr_version };
  });
}
