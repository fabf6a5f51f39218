import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import Papa from "papaparse";
import packageJson from "@/package.json" with { type: "json" };
import type { RaffleStatus } from "@/lib/draw";
import { maskName } from "@/lib/mask";
import { sealAuditLog } from "@/server/activity/seal-audit-log";
import { formatCsvDateTime, formatDateTime, TIME_FORMATS } from "@/lib/format";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { readCloseoutSummary } from "@/server/closeout/archive-summary";
import { db } from "@/server/db/client";
import { drawCertificate } from "@/server/draw/certificate";
import { minutesData } from "@/server/draw/draw-pdfs";
import { poolCsv } from "@/server/draw/get-draw";
import { startJob } from "@/server/jobs/start-job";
import { raffleArchiveJob } from "@/server/jobs/kinds/raffle-archive";
import type { ArchiveDocument } from "@/server/jobs/kinds/raffle-archive.worker";
import { reportData } from "@/server/remittances/remittance-pdfs";
import { signingKeyPair } from "@/server/secrets/installation-secrets";
import { getSettings } from "@/server/settings/get-settings";

// POST /api/raffle/archive.zip (issue 24, docs/decisions/131): the instance reads every record page by
// page (keyset, 2,000 rows) and feeds the worker the files' text; the worker zips, hashes and signs.
// When the whole ZIP has been sent, its SHA-256 and size are recorded in raffle_archives (what the
// purge asks for) and audited. The PDFs (docs/decisions/145) are read here as plain data and drawn
// by the worker with the PDF routes' own renderers; attachments go in only when asked (146).

const PAGE = 2000;

interface TableFile {
  file: string;
  table: string;
  key: string;
  keyType: "uuid" | "bigint";
}

const TABLES: TableFile[] = [
  { file: "tickets.csv", table: "tickets", key: "ticket_number", keyType: "bigint" },
  { file: "payments.csv", table: "payments", key: "id", keyType: "uuid" },
  { file: "statement-lines.csv", table: "statement_lines", key: "id", keyType: "uuid" },
  { file: "remittances.csv", table: "remittances", key: "id", keyType: "uuid" },
  { file: "remittance-adjustments.csv", table: "remittance_adjustments", key: "id", keyType: "uuid" },
  { file: "allocations.csv", table: "stub_allocations", key: "id", keyType: "uuid" },
  { file: "audit-log.csv", table: "audit_log", key: "id", keyType: "bigint" },
];

/** Reports read whole (small: the drawn positions, the voided numbers). */
const REPORTS: { file: string; fields: string[]; sql: string }[] = [
  {
    file: "reports/winners.csv",
    fields: [
      "draw_number",
      "position",
      "prize_rank",
      "prize_name",
      "role",
      "control_number",
      "buyer_name",
      "latest_event",
    ],
    sql:
      `SELECT d.number AS draw_number, p.position, p.prize_rank, pr.name AS prize_name, p.role, p.control_number, ` +
      `t.buyer_name,
            (SELECT e.event FROM winner_events e WHERE e.draw_id = p.draw_id AND e.position = p.position ORDER BY ` +
      `e.id DESC LIMIT 1) AS latest_event
          FROM draw_positions p JOIN draws d ON d.id = p.draw_id LEFT JOIN prizes pr ON pr.rank = p.prize_rank LEFT ` +
      `JOIN tickets t ON t.id = p.ticket_id
          ORDER BY d.number, p.position`,
  },
  {
    // Every settlement by hand in force, with its reason and evidence file (decision 235): the
    // "settled by hand" figure of the summary, payment by payment.
    file: "reports/settled-by-hand.csv",
    fields: [
      "payment_id",
      "method",
      "reference",
      "amount",
      "control_numbers",
      "settled_at",
      "settled_by",
      "reason",
      "evidence_file",
      "evidence_sha256",
    ],
    sql:
      `SELECT p.id AS payment_id, p.method, p.reference, p.amount_expected::text AS amount,
            (SELECT string_agg(t.control_number, ' ' ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = ` +
      `p.id) AS control_numbers,
            to_char(p.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS settled_at,
            (SELECT u.email FROM users u WHERE u.id = p.settled_by_id) AS settled_by, p.settle_reason AS reason,
            e.file_name AS evidence_file, e.sha256 AS evidence_sha256
          FROM payments p LEFT JOIN payment_settle_evidence e ON e.payment_id = p.id AND e.settled_at = p.settled_at
          WHERE p.settled_at IS NOT NULL ORDER BY p.settled_at, p.id`,
  },
  {
    file: "reports/voided-numbers.csv",
    fields: ["ticket_number", "control_number", "voided_at", "void_reason", "void_note"],
    sql: `SELECT ticket_number, control_number, voided_at, void_reason, void_note
          FROM tickets WHERE voided_at IS NOT NULL ORDER BY ticket_number`,
  },
];

const FIRST_KEY = { uuid: "00000000-0000-0000-0000-000000000000", bigint: "-1" };

/** Rows of a table as to_jsonb gives them (one typing for every column), in key order. */
async function* pages(t: TableFile): AsyncGenerator<Record<string, unknown>[]> {
  let after: string = FIRST_KEY[t.keyType];
  for (;;) {
    const rows = await db().$queryRawUnsafe<{ r: Record<string, unknown> }[]>(
      `SELECT to_jsonb(x) AS r FROM "${t.table}" x WHERE "${t.key}" > ` +
        `$1::${t.keyType} ORDER BY "${t.key}" LIMIT ${PAGE}`,
      after,
    );
    if (!rows.length) return;
    yield rows.map((row) => row.r);
    after = String(rows[rows.length - 1].r[t.key]);
    if (rows.length < PAGE) return;
  }
}

const cell = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** One framed line for the worker: a piece of a file's text. */
const frame = (file: string, text: string) => new TextEncoder().encode(JSON.stringify({ f: file, d: text }) + "\n");
/** One framed line for the worker: a piece of a binary file. */
const frameBytes = (file: string, bytes: Uint8Array) =>
  new TextEncoder().encode(JSON.stringify({ f: file, b: Buffer.from(bytes).toString("base64") }) + "\n");

/** Bytes of an attachment read per query: an attachment (up to 10 MB) is never held whole. */
const SLICE_BYTES = 512 * 1024;

/** A stored file name made safe as a ZIP path part (no slashes, no leading dots, no controls). */
// eslint-disable-next-line no-control-regex
const ZIP_UNSAFE = /[\\/\u0000-\u001f\u007f]+/g;
const zipPart = (name: string) => name.replace(ZIP_UNSAFE, "_").replace(/^\.+/, "_").slice(0, 150) || "file";

interface StoredFile {
  id: string;
  name: string;
  size: number;
}

/**
 * Attachments, when asked (docs/decisions/146): tickets' proofs of payment under
 * attachments/tickets/<control number>/, the draw's disqualification evidence under
 * attachments/winner-evidence/draw-<n>-position-<p>/ and settlements' evidence under
 * attachments/settled-by-hand/<reference>/, each file read in slices.
 */
async function* attachmentFiles(): AsyncGenerator<Uint8Array> {
  const sources = [
    {
      table: "ticket_attachments",
      list: (after: string) =>
        db().$queryRaw<StoredFile[]>`
          SELECT a.id::text AS id, t.control_number || '/' || a.id || '-' || a.file_name AS name, a.file_size AS size
          FROM ticket_attachments a JOIN tickets t ON t.id = a.ticket_id WHERE a.id > ${after}::uuid ORDER BY a.id LIMIT
          50`,
      folder: "attachments/tickets/",
    },
    {
      table: "winner_event_evidence",
      list: (after: string) =>
        db().$queryRaw<StoredFile[]>`
          SELECT v.id::text AS id, 'draw-' || d.number || '-position-' || e.position || '/' || v.id || '-' ||
          v.file_name AS name, v.file_size AS size
          FROM winner_event_evidence v JOIN winner_events e ON e.id = v.event_id JOIN draws d ON d.id = e.draw_id
          WHERE v.id > ${after}::uuid AND v.data IS NOT NULL ORDER BY v.id LIMIT 50`,
      folder: "attachments/winner-evidence/",
    },
    {
      // Settlements by hand (decision 235), by the payment's reference (its id when it has none).
      table: "payment_settle_evidence",
      list: (after: string) =>
        db().$queryRaw<StoredFile[]>`
          SELECT v.id::text AS id, coalesce(nullif(btrim(p.reference), ''), p.id::text) || '/' || v.id || '-' ||
          v.file_name AS name, v.file_size AS size
          FROM payment_settle_evidence v JOIN payments p ON p.id = v.payment_id
          WHERE v.id > ${after}::uuid AND v.data IS NOT NULL ORDER BY v.id LIMIT 50`,
      folder: "attachments/settled-by-hand/",
    },
  ] as const;
  for (const source of sources) {
    let after = FIRST_KEY.uuid;
    for (;;) {
      const files = await source.list(after);
      for (const file of files) {
        const name = source.folder + file.name.split("/").map(zipPart).join("/");
        for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
          const [slice] = await db().$queryRawUnsafe<{ bytes: Uint8Array }[]>(
            `SELECT substring(data FROM $2::int FOR $3::int) AS bytes FROM "${source.table}" WHERE id = $1::uuid`,
            file.id,
            offset + 1,
            SLICE_BYTES,
          );
          if (!slice) break;
          yield frameBytes(name, slice.bytes);
        }
      }
      if (files.length < 50) break;
      after = files[files.length - 1].id;
    }
  }
}

/**
 * reports/winners-public.csv (issue 37): the permit office's list (reports/winners.csv) as the public
 * sees it, each buyer's name masked by the app's one rule (lib/mask.ts: 'J*** D*** C***').
 */
async function publicWinnersFile(): Promise<Uint8Array> {
  const permit = REPORTS.find((r) => r.file === "reports/winners.csv")!;
  const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(permit.sql);
  const fields = permit.fields.map((f) => (f === "buyer_name" ? "buyer_name_masked" : f));
  const data = rows.map((r) =>
    permit.fields.map((f) => (f === "buyer_name" ? (maskName(r.buyer_name as string | null) ?? "") : cell(r[f]))),
  );
  return frame(
    "reports/winners-public.csv",
    `\uFEFF${Papa.unparse({ fields, data }, { escapeFormulae: true, newline: "\r\n" })}\r\n`,
  );
}

/** Each revealed draw with its certificate, signed once: certificate.json and certificate.pdf show the same signature.
 */
async function revealedDraws() {
  const draws = await db().$queryRaw<
    { id: string; number: number }[]
  >`SELECT id, number FROM draws WHERE revealed_at IS NOT NULL ORDER BY number`;
  const signed = [];
  for (const d of draws) signed.push({ ...d, certificate: await drawCertificate(d.id) });
  return signed;
}
type RevealedDraw = Awaited<ReturnType<typeof revealedDraws>>[number];

/** A table as one CSV file, page by page: the file's pieces come together, so it is one ZIP entry. */
async function* tableCsv(t: TableFile): AsyncGenerator<Uint8Array> {
  // The table's own column order (to_jsonb's keys come sorted by length).
  const columns = await db().$queryRawUnsafe<{ name: string }[]>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema ` +
      `= current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    t.table,
  );
  const fields = columns.map((c) => c.name);
  let first = true;
  for await (const rows of pages(t)) {
    const data = rows.map((r) => fields.map((f) => cell(r[f])));
    // UTF-8 with a BOM (Excel), CRLF, formula-looking cells neutralised (as the tickets and activity exports).
    const text = Papa.unparse(first ? { fields, data } : data, { escapeFormulae: true, newline: "\r\n" });
    yield frame(t.file, `${first ? "\uFEFF" : ""}${text}\r\n`);
    first = false;
  }
  if (first) yield frame(t.file, "\uFEFF");
}

/**
 * The audit log exactly: one JSON object per row, as stored, to check the audit checkpoints against (a pass of its
 * own).
 */
async function* auditJsonl(): AsyncGenerator<Uint8Array> {
  let any = false;
  for await (const rows of pages(TABLES.find((t) => t.table === "audit_log")!)) {
    yield frame("audit-log.jsonl", rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    any = true;
  }
  if (!any) yield frame("audit-log.jsonl", "");
}

/**
 * The audit log's hash chain (decision 211): per row its hash, a tab and the exact line the database
 * hashed (audit_row_line), in chain order (chain_seq), so verify-archive.mjs can recompute every link
 * without a database. Every row committed so far is sealed first, so no unsealed row is left out.
 */
async function* auditChain(): AsyncGenerator<Uint8Array> {
  await sealAuditLog();
  let after = "0";
  let any = false;
  for (;;) {
    const rows = await db().$queryRaw<{ seq: string; hash: string; line: string }[]>`
      SELECT a.chain_seq::text AS seq, a.hash, audit_row_line(a) AS line FROM audit_log a
      WHERE a.chain_seq > ${after}::bigint ORDER BY a.chain_seq LIMIT 2000`;
    if (!rows.length) break;
    yield frame("audit-log-chain.txt", rows.map((r) => `${r.hash}\t${r.line}\n`).join(""));
    any = true;
    after = rows[rows.length - 1].seq;
    if (rows.length < 2000) break;
  }
  if (!any) yield frame("audit-log-chain.txt", "");
}

async function* reportFiles(): AsyncGenerator<Uint8Array> {
  // The reports are read by people: times in the raffle's zone with its offset, as every CSV
  // export writes them (docs/decisions/230); the table files stay the database's own values.
  const { timezone } = await getSettings();
  const reportCell = (value: unknown) => (value instanceof Date ? formatCsvDateTime(value, timezone) : cell(value));
  for (const report of REPORTS) {
    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(report.sql);
    const fields = report.fields;
    const text = Papa.unparse(
      { fields, data: rows.map((r) => fields.map((f) => reportCell(r[f]))) },
      { escapeFormulae: true, newline: "\r\n" },
    );
    yield frame(report.file, `\uFEFF${text}\r\n`);
  }
  yield await publicWinnersFile();
}

async function* drawFiles(draws: RevealedDraw[]): AsyncGenerator<Uint8Array> {
  yield frame("verify-archive.mjs", await readFile(path.join(process.cwd(), "scripts", "verify-archive.mjs"), "utf8"));
  const script = await readFile(path.join(process.cwd(), "scripts", "verify-draw.mjs"), "utf8");
  for (const d of draws) {
    yield frame(`draw-${d.number}/certificate.json`, JSON.stringify(d.certificate, null, 2) + "\n");
    yield frame(`draw-${d.number}/pool.csv`, await poolCsv(d.id));
    yield frame(`draw-${d.number}/verify-draw.mjs`, script);
  }
}

/**
 * Every file's text, each file whole before the next begins (the worker refuses a name that comes
 * back: one ZIP entry per name, hashed exactly, issue 36).
 */
async function* archiveFiles(options: {
  includeAttachments: boolean;
  draws: RevealedDraw[];
}): AsyncGenerator<Uint8Array> {
  for (const t of TABLES) yield* tableCsv(t);
  yield* auditJsonl();
  yield* auditChain();
  yield* reportFiles();
  yield* drawFiles(options.draws);
  if (options.includeAttachments) yield* attachmentFiles();
}

/** The PDFs the worker draws: each revealed draw's Minutes (its certificate), the remittance report, the summary. */
async function archiveDocuments(options: {
  origin: string;
  raffleStatus: RaffleStatus;
  exportedAt: string;
  draws: RevealedDraw[];
}): Promise<ArchiveDocument[]> {
  const documents: ArchiveDocument[] = [];
  for (const d of options.draws) {
    documents.push({
      file: `draw-${d.number}/certificate.pdf`,
      kind: "minutes",
      minutes: await minutesData({ id: d.id, origin: options.origin, certificate: d.certificate }),
    });
  }
  documents.push({
    file: "reports/remittance-report.pdf",
    kind: "remittance-report",
    report: (await reportData({})).report,
  });
  documents.push({ file: "reports/summary.pdf", kind: "summary", summary: await readCloseoutSummary(options) });
  return documents;
}

function readme(status: RaffleStatus, exportedAt: string, includeAttachments: boolean) {
  return [
    "Raffle archive",
    `Exported ${exportedAt} while the raffle was ${status}, by raffle dashboard ${packageJson.version}.`,
    "",
    "Files",
    "- tickets.csv, payments.csv, statement-lines.csv, remittances.csv, remittance-adjustments.csv,",
    "  allocations.csv, audit-log.csv: every row of the raffle's records, one column per database",
    "  column (UTF-8 with BOM; a cell starting with = + - @ is prefixed with ' so spreadsheets do not run it).",
    "- audit-log.jsonl: the audit log exactly as stored, one JSON object per line.",
    "- audit-log-chain.txt: each audit row's hash (over the row before's " +
      "hash and this row) and the line hashed, in chain order.",
    "- verify-archive.mjs: checks every file against manifest.json, the signature, and the audit log's hash chain.",
    "- reports/winners.csv: every drawn position (winners and backups) with " +
      "its prize, buyer and latest event (the permit office's list).",
    "- reports/winners-public.csv: the same list with each buyer's " +
      "name masked (J*** D*** C***), as the public sees it.",
    "- reports/settled-by-hand.csv: every payment settled by hand, " +
      "with its reason and evidence file's name and SHA-256.",
    "- reports/voided-numbers.csv: the voided ticket numbers with their reasons.",
    "- reports/remittance-report.pdf: every seller's remittances, adjustments and balance, with totals.",
    "- reports/summary.pdf: one page: ticket ranges, sold, voided, gross, prizes and their outcome.",
    "- draw-N/certificate.json, draw-N/certificate.pdf, draw-N/pool.csv, draw-N/verify-draw.mjs: each draw's",
    "  signed certificate (as data and as the Minutes of the Draw to print), its pool and an independent checker.",
    ...(includeAttachments
      ? [
          "- attachments/: the stored files, as uploaded. THEY HOLD PERSONAL DATA (buyers' proofs of payment,",
          "  disqualification and settlement evidence): keep this archive where personal data may be kept, or delete",
          "  that folder. tickets/<control number>/, " +
            "winner-evidence/draw-N-position-P/ and " +
            "settled-by-hand/<reference>/.",
        ]
      : []),
    "- manifest.json: the SHA-256 and size of every other file, the app version and the raffle's state.",
    "- manifest.sig: Ed25519 signature (base64) of manifest.json's exact bytes by the installation's key.",
    "- public-key.pem: that key's public half (the same key signs the draw certificates).",
    "",
    "How to verify",
    "0. All at once: node verify-archive.mjs .   (exit code 0 = every check " +
      "passed; --key <fingerprint> insists on the published key).",
    "1. Each file's SHA-256 equals its entry in manifest.json (sha256sum <file>).",
    "2. The signature: openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin -in manifest.json \\",
    "   -sigfile <(base64 -d manifest.sig)   (or Node's crypto.verify(null, manifest, publicKey, sig)).",
    '3. A draw: cd draw-N && node verify-draw.mjs --key "<signing key ' +
      'on the Commitment Notice>" certificate.json pool.csv',
    "   (exit code 0 = it checks out; --key insists on the key " +
      "published at commit, not the one the certificate carries).",
    "",
  ].join("\n");
}

/** Starts the archive job for an administrator; the route streams its output. */
export async function startArchive(options: {
  principal: Principal;
  origin: string;
  includeAttachments?: boolean;
  signal?: AbortSignal;
}) {
  requireAdmin(options.principal);
  // Every audit row committed so far sealed into the hash chain (docs/decisions/211) before the export.
  await sealAuditLog();
  const includeAttachments = options.includeAttachments ?? false;
  const state = await db().raffleState.findUnique({ where: { id: 1 } });
  const status = (state?.status ?? "selling") as RaffleStatus;
  const { privateKey, publicKeyPem } = await signingKeyPair();
  const exportedAt = new Date().toISOString();
  const draws = await revealedDraws();
  const documents = await archiveDocuments({ origin: options.origin, raffleStatus: status, exportedAt, draws });
  const run = await startJob(raffleArchiveJob, {
    principal: options.principal,
    signal: options.signal,
    input: {
      privateKeyPem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
      publicKeyPem,
      appVersion: packageJson.version,
      raffleStatus: status,
      exportedAt,
      readme: readme(status, exportedAt, includeAttachments),
      paper: "a4",
      documents,
    },
    input$: archiveFiles({ includeAttachments, draws }),
  });
  const { user } = options.principal;
  // Recorded once the whole ZIP went out: a download cut short is no archive.
  const recorded = run.result.then(async (result) => {
    await db().$transaction(async (tx) => {
      await tx.raffleArchive.create({
        data: { sha256: result.sha256, sizeBytes: result.sizeBytes, raffleStatus: status, downloadedById: user.id },
      });
      await writeAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: "raffle.archive",
        entityId: "1",
        after: { sha256: result.sha256, sizeBytes: result.sizeBytes, status, includeAttachments },
      });
    });
    return result;
  });
  recorded.catch(() => {});
  // Named by the raffle's own date (issue 38 item 6), not UTC's: one formatter for every date.
  const { timezone } = await getSettings();
  return {
    run,
    recorded,
    fileName: `raffle-archive-${formatDateTime(exportedAt, timezone, TIME_FORMATS.fileDate)}.zip`,
  };
}
