import "server-only";
import { VERIFY_STATUS_TEXT, type VerifyResponse, type VerifyStatus } from "@/lib/schemas/stubs";
import { maskName } from "@/lib/mask";
import { drawAtInstant, formatDrawAt } from "@/lib/stubs/draw-date";
import { parseTicketRef } from "@/lib/ticket-number";
import { sql } from "@/server/db/client";
import { ticketDrawStatus } from "@/server/draw/ticket-draw-status";
import { verifyKeys } from "@/server/stubs/verify-keys";
import { matchManualCode, parseVerifyToken, KEY_VERSION } from "@/server/stubs/verify-token";

// What the public verify page and GET /api/public/verify/{token} know about a ticket (issue 22,
// docs/decisions/101). The MAC is checked before any database read: a forged, truncated or
// altered token is refused after one HMAC and no query. Only what a buyer needs to recognise the
// ticket leaves here (decision 036): never the phone, e-mail, address or seller.

export type VerifyOutcome =
  | { kind: "ok"; body: VerifyResponse; display: { drawText: string; timezone: string } }
  | { kind: "replaced" }
  | { kind: "refused" };

interface Row {
  control_number: string;
  buyer_name: string | null;
  registered_at: Date | null;
  voided_at: Date | null;
  qr_version: number;
  site_name: string;
  draw_at: string;
  timezone: string;
}

async function readTicket(ticketNumber: number): Promise<Row | null> {
  const rows = await sql<Row>(
    `SELECT t.control_number, t.buyer_name, t.registered_at, t.voided_at, coalesce(s.qr_version, 1)::int AS qr_version,
            st.site_name, st.draw_at, st.timezone
     FROM tickets t
     CROSS JOIN (SELECT site_name, draw_at, timezone FROM settings WHERE id = 1) st
     LEFT JOIN ticket_stubs s ON s.ticket_number = t.ticket_number
     WHERE t.ticket_number = $1::int`,
    [ticketNumber],
  );
  return rows[0] ?? null;
}

/**
 * The status in words: once a draw's winners are published, 'Winner: {prize}' for a prize's
 * effective winner, and 'Drawn: not a winning ticket' for any other ticket of the draw's pool that
 * is not void (a void stays 'Void: not in the draw'); before that, the ticket's own status.
 */
async function statusOf(row: Row): Promise<{ status: VerifyStatus; statusText: string }> {
  const own: Exclude<VerifyStatus, "winner" | "not_winner"> = row.voided_at
    ? "void"
    : row.registered_at
      ? "registered"
      : "not_sold";
  const drawn = row.registered_at ? await ticketDrawStatus(row.control_number) : null;
  if (drawn?.status === "winner") return drawn;
  if (drawn?.status === "not_winner" && own !== "void")
    return { status: "not_winner", statusText: VERIFY_STATUS_TEXT.not_winner };
  return { status: own, statusText: VERIFY_STATUS_TEXT[own] };
}

async function outcomeOf(row: Row, qrVersion: number): Promise<VerifyOutcome> {
  if (qrVersion < row.qr_version) return { kind: "replaced" };
  if (qrVersion > row.qr_version) return { kind: "refused" };
  const { status, statusText } = await statusOf(row);
  const registeredAt = row.registered_at ? new Date(row.registered_at).toISOString() : null;
  return {
    kind: "ok",
    body: {
      success: true,
      raffle: { name: row.site_name.trim() || "Raffle", drawDate: drawAtInstant(row.draw_at, row.timezone) },
      ticket: {
        controlNumber: row.control_number,
        status,
        statusText,
        maskedName: row.registered_at ? maskName(row.buyer_name) : null,
        registeredAt,
      },
    },
    display: { drawText: formatDrawAt(row.draw_at), timezone: row.timezone },
  };
}

/** A token from a verify QR ("/v/{token}"). */
export async function verifyToken(token: string): Promise<VerifyOutcome> {
  const parts = parseVerifyToken(await verifyKeys(), token);
  if (!parts) return { kind: "refused" };
  const row = await readTicket(parts.ticketNumber);
  return row ? outcomeOf(row, parts.qrVersion) : { kind: "refused" };
}

/** A control number and the manual code printed beside the QR ("/verify?cn=…&code=…"). */
export async function verifyManualCode(controlNumber: string, code: string): Promise<VerifyOutcome> {
  const ref = parseTicketRef(controlNumber.trim());
  if (ref.kind !== "control") return { kind: "refused" };
  const keys = await verifyKeys();
  const qrVersion = matchManualCode(keys[KEY_VERSION], ref.ticketNumber, code);
  if (qrVersion === null) return { kind: "refused" };
  const row = await readTicket(ref.ticketNumber);
  if (!row || row.control_number.toLowerCase() !== ref.controlNumber.toLowerCase()) return { kind: "refused" };
  return outcomeOf(row, qrVersion);
}
