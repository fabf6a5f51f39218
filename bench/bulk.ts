// Real volume (issue 36), on a fresh, empty database per engine, from the production build:
// - POST /api/tickets/import of 99,999 sold rows (every 5-digit number) (cash, GCash and bank rows, each reference
//   unique) into an empty raffle: time to the answer, the server's RSS growth; then the same file
//   again (nothing new);
// - POST /api/print/stubs of 10,000 stubs (A4 5-up): first byte, last byte, status, pages;
// - POST /api/reconciliation/imports of a bank statement (a BPI-like CSV) whose 5,000 credit lines
//   carry the references of 5,000 of those bank-transfer sales, committed without a preview: time
//   to the answer; then one of 353,000 lines (9.9 MB, under the 10 MB upload limit): refused with
//   its message (the 150,000-line cap, decision in server/reconciliation/import-statement.ts);
// - GET /api/tickets/stats in a loop while each runs: p95 and worst answer.
// Part of `npm run bench` (bench/run.ts calls measureBulk for each engine); on its own:
//   npx tsx --conditions=react-server bench/bulk.ts [--engine pglite|postgresql] [--skip-build] [--port 4130]
//     [--rows 99999]
// PostgreSQL needs BENCH_DATABASE_URL (BENCH_DATABASE_PREFIX names its databases, default "raffle").
// BENCH_SERVER_LOG=1 prints the server's log after each engine. Writes bench/bulk-results.json with the load
// average.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { csvLine } from "@/lib/csv/ticket-csv";
import {
  benchEnv,
  createDatabase,
  enginesFrom,
  ensureBuild,
  runTsx,
  startServer,
  stopServer,
  type Engine,
} from "./harness";
import { mb, p95, processTree, rssBytes } from "./process-memory";

/** The targets (ms unless said); the embedded engine's import may take twice PostgreSQL's. */
export const BULK_TARGETS = {
  import_ms: { postgresql: 10_000, pglite: 20_000 },
  import_rss_growth_mb: 300,
  reimport_ms: 4_000,
  print_last_byte_ms: 10_000,
  print_first_byte_ms: 2_000,
  other_request_max_ms: 1_000,
  statement_commit_ms: 5_000,
  /** The statement committed: every line new, each matching one bank-transfer sale of the import. */
  statement_lines: 5_000,
  /** The largest statement: finishes or is refused with its message, with no freeze. */
  huge_statement_lines: 353_000,
};

const METHODS = ["Cash", "GCash", "Bank Transfer"] as const;

/** Rows 1..n sold: a third cash, a third GCash, a third bank transfer, every reference unique. */
export function soldRowsFile(n: number): string {
  const lines = [
    csvLine(["Last 5 Digits", "Buyer Name", "Phone Number", "Email", "Address", "Payment Method", "Payment Reference"]),
  ];
  for (let i = 1; i <= n; i++) {
    const method = METHODS[i % 3];
    const reference =
      method === "Cash" ? "" : method === "GCash" ? String(1_000_000_000_000 + i) : `BPI-${100_000 + i}`;
    lines.push(
      csvLine([
        String(i).padStart(5, "0"),
        `Buyer ${i} Santos`,
        "09171234567",
        `buyer${i}@example.com`,
        "Quezon City",
        method,
        reference,
      ]),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/** GET /api/tickets/stats in a loop until `done`: every answer's time. */
function probeWhile(base: string, token: string) {
  const times: number[] = [];
  let stop = false;
  let failures = 0;
  const loop = (async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await fetch(`${base}/tickets/stats`, { headers: { authorization: `Bearer ${token}` } }).catch(
        () => null,
      );
      await res?.arrayBuffer();
      if (!res?.ok) failures++;
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return {
      p95_ms: Math.round(p95(times) ?? 0),
      max_ms: Math.round(Math.max(0, ...times)),
      requests: times.length,
      failures,
    };
  };
}

/**
 * On PostgreSQL, how long the import's own statements ran: `pg_stat_activity` every 20 ms, counting
 * the samples in which a writing backend (one holding a transaction id) was `active`, for the
 * backend seen so most often (the import's; the audit seal writes briefly too). What the rest of
 * the import's time was: the job's worker reading the file, and the app building each batch.
 */
function databaseTimeWhile(databaseUrl: string | undefined) {
  if (!databaseUrl) return async () => undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  const activeByPid = new Map<number, number>();
  let samples = 0;
  let stop = false;
  const started = performance.now();
  const loop = (async () => {
    await client.connect();
    while (!stop) {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND state = 'active' AND backend_xid IS NOT NULL`,
      );
      samples++;
      for (const { pid } of rows) activeByPid.set(pid, (activeByPid.get(pid) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();
  return async () => {
    stop = true;
    const elapsed = performance.now() - started;
    await loop;
    const most = Math.max(0, ...activeByPid.values());
    return samples ? Math.round((elapsed * most) / samples) : undefined;
  };
}

async function timedImport(base: string, token: string, csv: string, serverPid: number, databaseUrl?: string) {
  const pids = processTree(serverPid);
  const before = rssBytes(pids);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(processTree(serverPid)))), 50);
  const probe = probeWhile(base, token);
  const inDatabase = databaseTimeWhile(databaseUrl);
  const started = performance.now();
  const res = await fetch(`${base}/tickets/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
    body: csv,
  });
  const json = (await res.json()) as { imported?: number; skipped?: number; message?: string };
  const ms = Math.round(performance.now() - started);
  clearInterval(sampler);
  const database_ms = await inDatabase();
  return {
    status: res.status,
    ms,
    ...(database_ms === undefined ? {} : { database_ms }),
    imported: json.imported,
    skipped: json.skipped,
    message: json.message,
    rss_growth_mb: mb(peak - before),
    other_requests: await probe(),
  };
}

async function timedPrint(base: string, token: string, count: number) {
  const probe = probeWhile(base, token);
  const started = performance.now();
  const res = await fetch(`${base}/print/stubs`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ from: 1, to: count, paper: "a4", layout: "5-up", order: "sequential", calibration: false }),
  });
  let firstByte = 0;
  const chunks: Uint8Array[] = [];
  for await (const chunk of res.body ?? []) {
    if (!firstByte) firstByte = performance.now() - started;
    chunks.push(chunk as Uint8Array);
  }
  const last = Math.round(performance.now() - started);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-bulk-"));
  let pages = 0;
  try {
    const file = path.join(dir, "stubs.pdf");
    writeFileSync(file, Buffer.concat(chunks));
    if (res.status === 200) pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1] ?? 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    status: res.status,
    first_byte_ms: Math.round(firstByte),
    last_byte_ms: last,
    pages,
    other_requests: await probe(),
  };
}

/** The columns of a BPI-like bank CSV, as the Reconciliation screen's mapping names them. */
const BANK_MAPPING = {
  date: "Transaction Date",
  description: "Description",
  reference: "Reference No",
  amount: "Amount",
};

/**
 * A bank statement of `lines` credit lines of ₱50 (a BPI-like CSV, short cells: 353,000 lines fit
 * in 9.9 MB, under the 10 MB upload limit, as in the issue) whose references are the
 * bank-transfer sales of soldRowsFile (every third row from 2, `BPI-<100,000 + row>`), and made-up
 * ones once those run out.
 */
function bankStatementFile(lines: number): Uint8Array {
  const out = [Object.values(BANK_MAPPING).join(",")];
  for (let k = 0; k < lines; k++) {
    out.push(`2026-11-${String(1 + (k % 28)).padStart(2, "0")},T,BPI-${100_002 + 3 * k},50`);
  }
  return new TextEncoder().encode(`${out.join("\r\n")}\r\n`);
}

/** POST /api/reconciliation/imports (the commit, no preview) of `bytes` while the probe runs. */
async function timedStatement(base: string, token: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), "bank.csv");
  form.set("kind", "bank_csv");
  form.set("accountLabel", "BPI 1234");
  form.set("mapping", JSON.stringify(BANK_MAPPING));
  const probe = probeWhile(base, token);
  const started = performance.now();
  const res = await fetch(`${base}/reconciliation/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // The commit's answer: its lines, how many were new, and how many payments they matched.
  const json = (await res.json()) as { message?: string; new?: number; matched?: number };
  return {
    status: res.status,
    ms: Math.round(performance.now() - started),
    bytes: bytes.length,
    message: json.message,
    lines_new: json.new,
    payments_matched: json.matched,
    other_requests: await probe(),
  };
}

/** One engine: a fresh database, the server, the import twice, the print, the statements. */
export async function measureBulk(engine: Engine, options: { port: number; rows?: number }) {
  const rows = options.rows ?? 99_999;
  const database = await createDatabase(engine, "bulk", benchEnv());
  try {
    runTsx("scripts/db-seed.ts", ["--tickets", "0", "--reset"], database.env);
    const token = runTsx("bench/stats-prepare.ts", [], database.env, true).trim().split("\n").pop()!;
    const server = await startServer(database.env, options.port);
    try {
      const base = `${server.origin}/api`;
      // No practical rate limit: the benchmark measures time, not the limiter (the probe asks 20 times a second).
      const limited = await fetch(`${base}/settings`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ api_rate_limit: 100_000 }),
      });
      if (!limited.ok) throw new Error(`PUT /settings answered ${limited.status}`);
      const csv = soldRowsFile(rows);
      const load_before = loadAverage();
      const first = await timedImport(base, token, csv, server.pid, database.env.DATABASE_URL);
      const again = await timedImport(base, token, csv, server.pid, database.env.DATABASE_URL);
      const print = await timedPrint(base, token, Math.min(10_000, rows));
      const statement = await timedStatement(base, token, bankStatementFile(BULK_TARGETS.statement_lines));
      const hugeStatement = await timedStatement(base, token, bankStatementFile(BULK_TARGETS.huge_statement_lines));
      return {
        engine,
        rows,
        load_before,
        load_after: loadAverage(),
        import: first,
        reimport: again,
        print,
        statement,
        huge_statement: hugeStatement,
      };
    } finally {
      await stopServer(server);
      if (process.env.BENCH_SERVER_LOG) console.log(server.log());
    }
  } finally {
    await database.drop();
  }
}

type BulkResult = Awaited<ReturnType<typeof measureBulk>>;

/** The report rows against the targets. */
export function bulkTargetRows(r: BulkResult) {
  const t = BULK_TARGETS;
  return [
    {
      operation: `import ${r.rows} sold rows into an empty raffle (ms)`,
      target: t.import_ms[r.engine],
      measured: r.import.ms,
      pass: r.import.status === 200 && r.import.ms <= t.import_ms[r.engine],
    },
    // What stands in the way on PostgreSQL: the import's own statements alone, against the same target.
    ...(r.import.database_ms === undefined
      ? []
      : [
          {
            operation: "import: of which its statements ran in PostgreSQL (ms)",
            target: t.import_ms[r.engine],
            measured: r.import.database_ms,
            pass: r.import.database_ms <= t.import_ms[r.engine],
          },
        ]),
    {
      operation: "import: server RSS growth (MB)",
      target: t.import_rss_growth_mb,
      measured: r.import.rss_growth_mb,
      pass: r.import.rss_growth_mb <= t.import_rss_growth_mb,
    },
    {
      operation: "the same file again (ms)",
      target: t.reimport_ms,
      measured: r.reimport.ms,
      pass: r.reimport.status === 200 && r.reimport.ms <= t.reimport_ms,
    },
    {
      operation: "print 10,000 stubs: last byte (ms)",
      target: t.print_last_byte_ms,
      measured: r.print.last_byte_ms,
      pass: r.print.status === 200 && r.print.last_byte_ms <= t.print_last_byte_ms,
    },
    {
      operation: "print 10,000 stubs: first byte (ms)",
      target: t.print_first_byte_ms,
      measured: r.print.first_byte_ms,
      pass: r.print.first_byte_ms <= t.print_first_byte_ms,
    },
    {
      operation: `commit a ${t.statement_lines}-line bank statement, every line matching a sale (ms)`,
      target: t.statement_commit_ms,
      measured: r.statement.ms,
      pass:
        r.statement.status === 201 &&
        r.statement.lines_new === t.statement_lines &&
        r.statement.payments_matched === t.statement_lines &&
        r.statement.ms <= t.statement_commit_ms,
    },
    {
      operation: `a ${t.huge_statement_lines}-line statement (${(r.huge_statement.bytes / 1e6).toFixed(1)} MB) refused`,
      target: t.statement_commit_ms,
      measured: r.huge_statement.ms,
      pass:
        r.huge_statement.status === 413 &&
        /credit lines; one import takes at most/.test(r.huge_statement.message ?? "") &&
        r.huge_statement.ms <= t.statement_commit_ms,
    },
    ...(["import", "reimport", "print", "statement", "huge_statement"] as const).map((k) => ({
      operation: `GET /tickets/stats during ${k}: worst (ms)`,
      target: t.other_request_max_ms,
      measured: r[k].other_requests.max_ms,
      pass: r[k].other_requests.max_ms <= t.other_request_max_ms,
    })),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      engine: { type: "string" },
      "skip-build": { type: "boolean", default: false },
      port: { type: "string", default: process.env.BENCH_PORT ?? "4130" },
      rows: { type: "string", default: "99999" },
    },
  });
  ensureBuild(args["skip-build"]);
  const report: Record<string, unknown> = { date: new Date().toISOString(), engines: {} };
  for (const engine of enginesFrom(args.engine)) {
    const r = await measureBulk(engine, { port: Number(args.port), rows: Number(args.rows) });
    (report.engines as Record<string, unknown>)[engine] = { ...r, targets: bulkTargetRows(r) };
    console.log(`\n${engine} (load average ${r.load_before} → ${r.load_after})`);
    console.table(bulkTargetRows(r));
  }
  writeFileSync("bench/bulk-results.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log("wrote bench/bulk-results.json");
}
