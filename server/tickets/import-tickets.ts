import "server-only";
import { EVENT_NAME, isRegisteredBuyerName } from "@/lib/constants";
import { IMPORT_MESSAGES, type ImportResult, type ImportTicketsPayload } from "@/lib/schemas/ticket-import";
import { TICKET_MESSAGES } from "@/lib/schemas/ticket";
import { effectiveTicketLimit, formatTicketNumber, toRanges } from "@/lib/ticket-number";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { writeAudit } from "@/server/audit";
import { getSettings } from "@/server/settings/get-settings";
import { readImportRows, rowError, type RowError, type ValidImportRow } from "@/server/tickets/import-rows";
import { lockTicketNumbers, ticketTransaction } from "@/server/tickets/ticket-transaction";

/** 100,000 exported rows are about 20 MB; JSON adds a little. */
export const IMPORT_BODY_LIMIT_BYTES = 25 * 1024 * 1024;
/** The answer lists at most this many error lines, then says how many more there were. */
export const MAX_ERROR_LINES = 1000;

interface ExistingTicket {
  ticket_number: number;
  id: string;
  control_number: string;
  registered: boolean;
}

type Tx = Parameters<Parameters<typeof ticketTransaction>[0]>[0];

/**
 * POST /api/tickets/import: adds the file's tickets in one transaction, under the number
 * allocation lock (so two imports, or an import and a generation, never race for a number).
 * New numbers are inserted with one INSERT ... SELECT FROM json_array_elements(rows) ... ON CONFLICT DO NOTHING;
 * a row giving a buyer for an existing unregistered ticket registers it with the registration's
 * conditional UPDATE (registered_at IS NULL), in one statement for all such rows; any other row
 * naming an existing number is skipped, never overwriting anything. One audit row records the
 * import, one more per registration. Decision: docs/decisions/031-tickets-import-rules.md.
 */
export async function importTickets(options: { payload: ImportTicketsPayload; principal: Principal }): Promise<ImportResult> {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const { timezone } = await getSettings();
  const { total, rows, errors } = readImportRows(options.payload.csvData, { timeZone: timezone });

  const outcome = await ticketTransaction(async (tx) => {
    await lockTicketNumbers(tx);
    const settings = await getSettings(tx);
    const limit = effectiveTicketLimit(settings.maxTicketLimit);
    const withinLimit: ValidImportRow[] = [];
    for (const r of rows) {
      if (r.ticket_number > limit) errors.push(rowError(r.row, "Last 5 Digits", IMPORT_MESSAGES.aboveLimit(limit)));
      else withinLimit.push(r);
    }
    const plan = await planRows(tx, withinLimit, errors);
    const inserted = await insertTickets(tx, plan.inserts, { user, prefix: settings.ticketPrefix, price: settings.ticketPrice.toString() });
    const registered = await registerTickets(tx, plan.registrations, user);
    const created = [...inserted].sort((a, b) => a - b);
    const registeredNumbers = [...registered].sort((a, b) => a - b);
    // Rows that lost a race with a writer outside the allocation lock (a registration) are skipped too.
    const skipped = plan.skipped + (plan.inserts.length - inserted.size) + (plan.registrations.length - registered.size);
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "ticket.import",
      entityType: "ticket_import",
      after: { importedBy: options.payload.importedBy ?? null, total, created: toRanges(created), registered: toRanges(registeredNumbers), skipped, errors: errors.length },
    });
    return { imported: inserted.size + registered.size, skipped };
  });

  errors.sort((a, b) => a.row - b.row);
  const lines = errors.slice(0, MAX_ERROR_LINES).map((e) => e.text);
  if (errors.length > MAX_ERROR_LINES) lines.push(`... and ${errors.length - MAX_ERROR_LINES} more errors`);
  return {
    success: errors.length === 0,
    message: importMessage({ total, ...outcome, errorRows: new Set(errors.map((e) => e.row)).size }),
    total,
    imported: outcome.imported,
    skipped: outcome.skipped,
    errors: lines,
  };
}

function importMessage(r: { total: number; imported: number; skipped: number; errorRows: number }) {
  const parts = [`Imported ${r.imported} of ${r.total} ticket${r.total === 1 ? "" : "s"}`];
  if (r.skipped) parts.push(`${r.skipped} skipped (already in the system)`);
  if (r.errorRows) parts.push(`${r.errorRows} row${r.errorRows === 1 ? "" : "s"} with errors`);
  return parts.join(", ");
}

/** Sorts rows into new tickets, registrations of existing unregistered tickets, skips and errors: one read. */
async function planRows(tx: Tx, rows: ValidImportRow[], errors: RowError[]) {
  const numbers = rows.map((r) => r.ticket_number);
  const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
  const controls = rows.flatMap((r) => (r.control_number ? [r.control_number] : []));
  const existing = rows.length
    ? await tx.$queryRaw<ExistingTicket[]>`
        SELECT ticket_number, id::text AS id, control_number, registered_at IS NOT NULL AS registered FROM tickets
        WHERE ticket_number = ANY(${numbers}::int[])
          OR id = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(ids)}::json))::uuid[])
          OR control_number = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(controls)}::json)))`
    : [];
  const byNumber = new Map(existing.map((t) => [t.ticket_number, t]));
  const byId = new Map(existing.map((t) => [t.id, t]));
  const byControl = new Map(existing.map((t) => [t.control_number, t]));
  const inserts: ValidImportRow[] = [];
  const registrations: ValidImportRow[] = [];
  let skipped = 0;
  for (const r of rows) {
    const same = byNumber.get(r.ticket_number);
    if (same) {
      const wantsRegistration = !same.registered && isRegisteredBuyerName(r.buyer_name);
      if (!wantsRegistration) skipped++;
      else if (r.control_number && r.control_number.toUpperCase() !== same.control_number.toUpperCase())
        errors.push(rowError(r.row, "Control Number", IMPORT_MESSAGES.otherControlNumber(formatTicketNumber(r.ticket_number), same.control_number)));
      else if (!r.phone_number) errors.push(rowError(r.row, "Phone Number", TICKET_MESSAGES.registerPhone));
      else registrations.push(r);
      continue;
    }
    const takenId = r.id ? byId.get(r.id) : undefined;
    const takenControl = r.control_number ? byControl.get(r.control_number) : undefined;
    if (takenId) errors.push(rowError(r.row, "Ticket ID", IMPORT_MESSAGES.alreadyUsed(formatTicketNumber(takenId.ticket_number))));
    else if (takenControl) errors.push(rowError(r.row, "Control Number", IMPORT_MESSAGES.alreadyUsed(formatTicketNumber(takenControl.ticket_number))));
    else inserts.push(r);
  }
  return { inserts, registrations, skipped };
}

const iso = (d: Date | undefined) => (d ? d.toISOString() : null);

/**
 * The rows as one JSON parameter (an array of arrays, read with json_array_elements): one 100,000-row
 * text parameter crosses the driver several times faster than 14 array parameters of 100,000 items.
 */
const asJsonRows = (rows: ValidImportRow[], pick: (r: ValidImportRow) => unknown[]) => JSON.stringify(rows.map(pick));

/** One INSERT for every new ticket; returns the numbers actually inserted. */
async function insertTickets(tx: Tx, rows: ValidImportRow[], o: { user: Principal["user"]; prefix: string; price: string }) {
  if (rows.length === 0) return new Set<number>();
  const data = asJsonRows(rows, (r) => [
    r.id ?? null, r.control_number ?? null, r.ticket_number, r.buyer_name ?? null, r.phone_number ?? null, r.email ?? null,
    r.address ?? null, r.payment_method, r.status ?? null, r.amount ?? null, iso(r.created_at), iso(r.updated_at),
    r.creator_email ?? null, r.creation_source ?? null,
  ]);
  const inserted = await tx.$queryRaw<{ n: number }[]>`
    WITH x AS (
      SELECT (r->>0)::uuid AS id, r->>1 AS control, (r->>2)::int AS n, r->>3 AS buyer, r->>4 AS phone, r->>5 AS email,
        r->>6 AS address, r->>7 AS method, r->>8 AS status, (r->>9)::numeric AS amount, (r->>10)::timestamptz AS created,
        (r->>11)::timestamptz AS updated, r->>12 AS creator, r->>13 AS source
      FROM json_array_elements(${data}::json) AS r
    )
    INSERT INTO tickets AS t (id, control_number, ticket_number, buyer_name, phone_number, email, address, payment_method,
      status, amount, user_id, created_by_id, creator_email, creator_name, creation_source, event_name,
      registered_at, registered_by_id, created_at, updated_at)
    SELECT coalesce(x.id, gen_random_uuid()),
      coalesce(x.control, ${o.prefix}::text || '-' || lpad(floor(random() * 1000)::int::text, 3, '0') || '-' || lpad(x.n::text, 5, '0')),
      x.n, x.buyer, x.phone, x.email, x.address, x.method,
      coalesce(x.status, CASE WHEN ticket_buyer_is_real(x.buyer) THEN 'registered' ELSE 'active' END),
      coalesce(x.amount, ${o.price}::numeric), ${o.user.email}::text, u.id,
      coalesce(x.creator, ${o.user.email}::text), u.display_name, coalesce(x.source, 'web'), ${EVENT_NAME}::text,
      CASE WHEN ticket_buyer_is_real(x.buyer) THEN coalesce(x.updated, x.created, now()) END,
      CASE WHEN ticket_buyer_is_real(x.buyer) THEN ${o.user.id}::uuid END,
      coalesce(x.created, now()), coalesce(x.updated, x.created, now())
    FROM x LEFT JOIN users u ON u.email = lower(coalesce(x.creator, ${o.user.email}::text))
    ON CONFLICT DO NOTHING
    RETURNING t.ticket_number AS n`;
  return new Set(inserted.map((r) => r.n));
}

/**
 * Registration's conditional UPDATE (server/tickets/register-ticket.ts) for many tickets at once,
 * with one 'ticket.register' audit row per ticket in the same statement. Returns the numbers registered.
 */
async function registerTickets(tx: Tx, rows: ValidImportRow[], user: Principal["user"]) {
  if (rows.length === 0) return new Set<number>();
  const data = asJsonRows(rows, (r) => [r.ticket_number, r.buyer_name ?? null, r.phone_number ?? null, r.email ?? null, r.address ?? null]);
  const updated = await tx.$queryRaw<{ n: number }[]>`
    WITH x AS (
      SELECT (r->>0)::int AS n, r->>1 AS buyer, r->>2 AS phone, r->>3 AS email, r->>4 AS address
      FROM json_array_elements(${data}::json) AS r
    ), t AS (
      UPDATE tickets AS t SET
        buyer_name = x.buyer,
        phone_number = x.phone,
        email = coalesce(x.email, t.email),
        address = coalesce(x.address, t.address),
        status = CASE WHEN t.status = 'active' THEN 'registered' ELSE t.status END,
        registered_at = CASE WHEN ticket_buyer_is_real(x.buyer) THEN now() END,
        registered_by_id = ${user.id}::uuid,
        updated_at = now()
      FROM x, tickets AS old
      WHERE t.ticket_number = x.n AND old.id = t.id AND t.registered_at IS NULL AND ticket_buyer_is_real(x.buyer)
      RETURNING t.*, jsonb_build_object('buyer_name', old.buyer_name, 'phone_number', old.phone_number,
        'email', old.email, 'address', old.address, 'status', old.status) AS before
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after)
      SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.register', 'ticket', t.id::text, t.before,
        jsonb_build_object('buyer_name', t.buyer_name, 'phone_number', t.phone_number, 'email', t.email,
          'address', t.address, 'status', t.status, 'source', 'import')
      FROM t
    )
    SELECT t.ticket_number AS n FROM t`;
  return new Set(updated.map((r) => r.n));
}
