import "server-only";
import { csvLine, neutraliseCell } from "@/lib/csv/ticket-csv";
import { formatCsvDateTime, formatDateTime, TIME_FORMATS } from "@/lib/format";
import type { VoidedTicket } from "@/lib/schemas/void";
import { voidReasonLabel } from "@/lib/voids";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { getSettings } from "@/server/settings/get-settings";

type Row = Omit<VoidedTicket, "reason_text">;

/** Voided tickets, newest void first, then by number (the partial index on voided_at). */
async function readVoided(limit: number | null, offset: number) {
  return db().$queryRaw<Row[]>`
    SELECT t.id AS ticket_id, t.control_number, lpad(t.ticket_number::text, 5, '0') AS last_5_digits, t.void_reason AS
    reason,
      t.void_note AS note, (SELECT u.email FROM users u WHERE u.id = t.voided_by_id) AS voided_by,
      iso_utc(t.voided_at) AS voided_at, t.registered_at IS NOT NULL AS was_sold
    FROM tickets t WHERE t.voided_at IS NOT NULL
    ORDER BY t.voided_at DESC, t.ticket_number
    LIMIT ${limit} OFFSET ${offset}`;
}

/** GET /api/tickets/voided: the Voided numbers report (administrators), paged, with the total. */
export async function listVoidedTickets(options: { principal: Principal; limit: number; offset: number }) {
  requireAdmin(options.principal);
  const [rows, [{ total }]] = await Promise.all([
    readVoided(options.limit, options.offset),
    db().$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM tickets WHERE voided_at IS NOT NULL`,
  ]);
  const voided: VoidedTicket[] = rows.map((r) => ({ ...r, reason_text: voidReasonLabel(r.reason) }));
  return { voided, total };
}

export const VOIDED_CSV_COLUMNS = [
  "Number",
  "Control Number",
  "Reason",
  "Note",
  "Voided By",
  "Voided At",
  "Was Sold",
] as const;

/**
 * GET /api/tickets/voided/export: every voided number as CSV (UTF-8 with BOM, CRLF, cells
 * neutralised like the tickets export), times in the raffle's timezone. Voids are few (a raffle's
 * spoiled and refunded stubs), so the file is built whole.
 */
export async function exportVoidedTickets(options: { principal: Principal }) {
  requireAdmin(options.principal);
  const [{ timezone }, rows] = await Promise.all([getSettings(), readVoided(null, 0)]);
  const cell = (v: string | null) => (v === null ? null : neutraliseCell(v));
  const lines = rows.map((r) =>
    csvLine([
      r.last_5_digits,
      cell(r.control_number),
      voidReasonLabel(r.reason),
      cell(r.note),
      cell(r.voided_by),
      formatCsvDateTime(r.voided_at, timezone),
      r.was_sold ? "yes" : "no",
    ]),
  );
  const csv = `\uFEFF${[csvLine(VOIDED_CSV_COLUMNS), ...lines].join("\r\n")}\r\n`;
  return { csv, fileName: `voided-numbers-${formatDateTime(new Date(), timezone, TIME_FORMATS.fileDate)}.csv` };
}
