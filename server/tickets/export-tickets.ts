import "server-only";
import type { Readable } from "node:stream";
import { csvLine, TICKET_EXPORT_COLUMNS } from "@/lib/csv/ticket-csv";
import { formatDateTime, TIME_FORMATS } from "@/lib/format";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db, dbEngine } from "@/server/db/client";
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
  // The first character decides for nearly every cell; the regular expression runs only after an apostrophe.
  const text = (c: string) =>
    `CASE WHEN left(${c}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') OR (left(${c}, 1) = '''' AND ${c} ~ E'^''+[=+@\\t\\r-]') THEN '''' || ${c} ELSE ${c} END`;
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
const EXPORT_FROM = "tickets t LEFT JOIN payments p ON p.id = t.payment_id LEFT JOIN users su ON su.id = t.registered_by_id";

/**
 * GET /api/tickets/export-all: every ticket as CSV (RFC 4180, CRLF, UTF-8 with a byte order mark
 * so spreadsheets read it as UTF-8), ordered by ticket number. Streamed, never held whole: on
 * PostgreSQL through COPY ... TO STDOUT on a connection of its own (one snapshot, the socket
 * paused while the client is slow), on the embedded engine in keyset pages of 5,000.
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
    source = client.query(copyTo(`COPY (SELECT ${selectList()} FROM ${EXPORT_FROM} ORDER BY t.ticket_number) TO STDOUT WITH (FORMAT csv)`));
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

/** COPY ends records with LF; RFC 4180 wants CRLF. Line feeds inside quoted values stay as they are. */
function lfToCrlf() {
  let inQuotes = false;
  return (chunk: Buffer): Uint8Array => {
    const startsQuoted = inQuotes;
    let breaks = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === 0x22) inQuotes = !inQuotes;
      else if (c === 0x0a && !inQuotes) breaks++;
    }
    if (breaks === 0) return chunk;
    const out = new Uint8Array(chunk.length + breaks);
    let quoted = startsQuoted;
    let j = 0;
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === 0x22) quoted = !quoted;
      else if (c === 0x0a && !quoted) {
        out.set(chunk.subarray(start, i), j);
        j += i - start;
        out[j++] = 0x0d;
        out[j++] = 0x0a;
        start = i + 1;
      }
    }
    out.set(chunk.subarray(start), j);
    return out;
  };
}

async function* batchStream(timezone: string): AsyncGenerator<Uint8Array, void, undefined> {
  const encoder = new TextEncoder();
  let after = 0;
  for (;;) {
    const [, rows] = await db().$transaction([
      db().$executeRawUnsafe(`SET LOCAL TIME ZONE ${quote(timezone)}`),
      db().$queryRawUnsafe<{ cells: (string | null)[]; n: number }[]>(
        `SELECT ARRAY[${selectList()}] AS cells, t.ticket_number AS n FROM ${EXPORT_FROM} WHERE t.ticket_number > $1 ORDER BY t.ticket_number LIMIT ${BATCH_SIZE}`,
        after,
      ),
    ]);
    if (rows.length === 0) return;
    yield encoder.encode(rows.map((r) => `${csvLine(r.cells)}\r\n`).join(""));
    if (rows.length < BATCH_SIZE) return;
    after = rows[rows.length - 1].n;
  }
}
