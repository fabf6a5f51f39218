import "server-only";
import type { Readable } from "node:stream";
import { csvLine, TICKET_EXPORT_COLUMNS } from "@/lib/csv/ticket-csv";
import { formatDateTime, TIME_FORMATS } from "@/lib/format";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { dbEngine, embeddedDatabasePool } from "@/server/db/client";
import { env } from "@/server/env";
import { getSettings } from "@/server/settings/get-settings";

/** Rows per read on the embedded engine (keyset pages on the ticket_number index). */
const BATCH_SIZE = 5000;

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * One SELECT list for both engines over `EXPORT_FROM`, in SPEC section 3's column order and then
 * the sale and void columns: dates in ISO 8601 with the session time zone's offset, free text
 * neutralised against spreadsheet formulas exactly as lib/csv/ticket-csv.ts's neutraliseCell does
 * (a leading apostrophe).
 */
function selectList() {
  // The first character decides for nearly every cell, compared as a code point (ascii() makes no
  // substring: '=' 61, '+' 43, '-' 45, '@' 64, tab 9, CR 13, apostrophe 39); the regular expression
  // runs only after an apostrophe. The same cells as left(c, 1) IN (…), with less work per cell.
  const text = (c: string) =>
    `CASE WHEN ascii(${c}) IN (61, 43, 45, 64, 9, 13) OR (ascii(${c}) = 39 ` +
    `AND ${c} ~ E'^''+[=+@\\t\\r-]') THEN '''' || ${c} ELSE ${c} END`;
  const date = (c: string) => `to_char(${c}, 'YYYY-MM-DD"T"HH24:MI:SS.MSTZH:TZM')`;
  return [
    "t.id::text",
    text("t.control_number"),
    "lpad(t.ticket_number::text, 5, '0')",
    text("t.buyer_name"),
    text("t.phone_number"),
    text("t.email"),
    text("t.address"),
    text("t.payment_method"),
    "t.amount::text",
    text("t.status"),
    date("t.created_at"),
    date("t.updated_at"),
    text("t.creator_email"),
    text("t.creation_source"),
    text("p.reference"),
    text("su.email"),
    date("t.voided_at"),
    "t.void_reason",
  ].join(", ");
}

/** Tickets with their payment and seller, joined once for the whole export (not a lookup per row). */
const EXPORT_FROM =
  "tickets t LEFT JOIN payments p ON p.id = t.payment_id LEFT JOIN users su ON su.id = t.registered_by_id";

/**
 * GET /api/tickets/export-all: every ticket as CSV (RFC 4180, CRLF, UTF-8 with a byte order mark
 * so spreadsheets read it as UTF-8), ordered by ticket number. Streamed, never held whole: on
 * PostgreSQL through COPY ... TO STDOUT on a connection of its own (one snapshot, the socket
 * paused while the client is slow), on the embedded engine by the same COPY in keyset pages of
 * 5,000 (decision 222): the database writes every CSV byte, the server only changes line ends.
 * Decision: docs/decisions/030-tickets-csv-format.md.
 */
export async function exportTickets(options: { principal: Principal }) {
  requireAdmin(options.principal);
  const { timezone } = await getSettings();
  const head = new TextEncoder().encode(`\uFEFF${csvLine(TICKET_EXPORT_COLUMNS)}\r\n`);
  const body = dbEngine() === "postgresql" ? await copyStream(timezone) : batchStream(timezone);
  // A reader that stops reading (a stalled or vanished client the socket has not noticed) must not
  // hold the COPY's connection for ever: when nothing is taken for EXPORT_STALL_TIMEOUT_MS, the
  // export ends with an error and its connection is given back (issue 25 item 11, ADR 069).
  const stallMs = env().EXPORT_STALL_TIMEOUT_MS;
  let stall: ReturnType<typeof setTimeout> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      clearTimeout(stall);
      try {
        const next = await body.next();
        if (next.done) return controller.close();
        controller.enqueue(next.value);
        stall = setTimeout(() => {
          controller.error(new Error(`CSV export stalled: the reader took nothing for ${stallMs} ms`));
          void body.return(undefined);
        }, stallMs);
        stall.unref?.();
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      clearTimeout(stall);
      await body.return(undefined);
    },
  });
  const fileName = `tickets-export-${formatDateTime(new Date(), timezone, TIME_FORMATS.fileDate)}.csv`;
  return { stream, fileName };
}

async function copyStream(timezone: string): Promise<AsyncGenerator<Uint8Array, void, undefined>> {
  const [{ Client }, { to: copyTo }] = await Promise.all([import("pg"), import("pg-copy-streams")]);
  const client = new Client({ connectionString: env().DATABASE_URL });
  await client.connect();
  let source: Readable;
  try {
    await client.query(`SET TIME ZONE ${quote(timezone)}`);
    // Backstop for the stall timer: no export of 99,999 tickets takes minutes on a live reader.
    await client.query(`SET statement_timeout = '15min'`);
    source = client.query(
      copyTo(`COPY (SELECT ${selectList()} FROM ${EXPORT_FROM} ORDER BY t.ticket_number) TO STDOUT WITH (FORMAT csv)`),
    );
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return (async function* () {
    const crlf = lfToCrlf();
    try {
      for await (const chunk of source) yield crlf(chunk as Buffer);
    } finally {
      source.destroy();
      await client.end().catch(() => {});
    }
  })();
}

/**
 * COPY ends records with LF; RFC 4180 wants CRLF. Line feeds inside quoted values stay as they are.
 * The bytes are searched natively (Buffer.indexOf for the next quote and the next line feed), so
 * JavaScript runs once per line and per quote, not once per byte (issue 42).
 */
export function lfToCrlf() {
  let inQuotes = false;
  const breaks: number[] = [];
  return (chunk: Buffer): Buffer => {
    breaks.length = 0;
    let quote = chunk.indexOf(0x22);
    let lf = chunk.indexOf(0x0a);
    while (lf !== -1) {
      while (quote !== -1 && quote < lf) {
        inQuotes = !inQuotes;
        quote = chunk.indexOf(0x22, quote + 1);
      }
      if (!inQuotes) breaks.push(lf);
      lf = chunk.indexOf(0x0a, lf + 1);
    }
    while (quote !== -1) {
      inQuotes = !inQuotes;
      quote = chunk.indexOf(0x22, quote + 1);
    }
    if (breaks.length === 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + breaks.length);
    let j = 0;
    let start = 0;
    for (const at of breaks) {
      j += chunk.copy(out, j, start, at);
      out[j++] = 0x0d;
      out[j++] = 0x0a;
      start = at + 1;
    }
    chunk.copy(out, j, start);
    return out;
  };
}

/**
 * The embedded engine: the same COPY, in keyset pages of BATCH_SIZE tickets, each read whole on the
 * pool's one connection and given back before the next (so a slow reader never holds the embedded
 * database's only session, and other requests run between pages). The database builds every byte
 * of the CSV, as on PostgreSQL; the server only turns LF into CRLF (issue 42, decision 222).
 */
async function* batchStream(timezone: string): AsyncGenerator<Uint8Array, void, undefined> {
  const pool = embeddedDatabasePool();
  if (!pool) throw new Error("the embedded export needs the embedded database's pool");
  const { to: copyTo } = await import("pg-copy-streams");
  const crlf = lfToCrlf();
  let after = 0;
  for (;;) {
    const client = await pool.connect();
    const chunks: Buffer[] = [];
    let last: number | null = null;
    try {
      await client.query("BEGIN");
      await client.query(`SET LOCAL TIME ZONE ${quote(timezone)}`);
      const [edge] = (
        await client.query<{ last: number | null }>(
          `SELECT max(ticket_number) AS last FROM (SELECT ticket_number FROM tickets WHERE ` +
            `ticket_number > $1 ORDER BY ticket_number LIMIT ${BATCH_SIZE}) b`,
          [after],
        )
      ).rows;
      last = edge?.last ?? null;
      if (last !== null) {
        const source = client.query(
          copyTo(
            `COPY (SELECT ${selectList()} FROM ${EXPORT_FROM} WHERE t.ticket_number > ${Number(after)} AND ` +
              `t.ticket_number <= ${Number(last)} ORDER BY t.ticket_number) TO STDOUT WITH (FORMAT csv)`,
          ),
        );
        for await (const chunk of source) chunks.push(crlf(chunk as Buffer));
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    if (last === null) return;
    yield Buffer.concat(chunks);
    after = Number(last);
  }
}
