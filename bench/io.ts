// The CSV export and import benchmark (issue 10), kept apart from bench/run.ts so that file can be
// rewritten freely. Two ways in:
// - bench/run.ts calls measureImportExport() against its running server (99,999 tickets): export-all
//   and the re-import of that export (0 imported). Import into an empty database needs an empty one:
//   only the standalone run measures it.
// - Standalone, on a fresh, empty database of its own: import a 100,000-row file, export the 99,999
//   tickets it made, import the same file again.
//     npx tsx --conditions=react-server bench/io.ts [--tickets 100000] [--engine pglite|postgresql] [--skip-build]
// [--port 3230]
//   PostgreSQL needs BENCH_DATABASE_URL (a database is created there and dropped after).
import { createHash } from "node:crypto";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { TICKET_CSV_COLUMNS, csvLine } from "@/lib/csv/ticket-csv";
import { processTree, rssBytes } from "./process-memory";

type Engine = "pglite" | "postgresql";

export interface IoTarget {
  op: string;
  label: string;
  unit: "ms" | "MB" | "rows";
  target: number;
}

/** PostgreSQL targets; the embedded engine may take 3x the time (memory and counts are the same). */
export const IO_TARGETS: IoTarget[] = [
  {
    op: "export_all_ms",
    label: "GET /tickets/export-all at 99,999 tickets (ms, median of 3)",
    unit: "ms",
    target: 800,
  },
  { op: "export_rss_growth_mb", label: "export-all peak server RSS growth (MB)", unit: "MB", target: 50 },
  {
    op: "import_empty_ms",
    label: "POST /tickets/import, 100,000-row file into an empty database (ms)",
    unit: "ms",
    target: 4000,
  },
  { op: "reimport_ms", label: "POST /tickets/import, the same file again (ms)", unit: "ms", target: 4000 },
  { op: "reimport_imported", label: "re-import: tickets imported", unit: "rows", target: 0 },
  // Issue 28: the import reads its file in a worker; the server's RSS stays within 200 MB of its value before.
  {
    op: "import_rss_growth_mb",
    label: "import peak server RSS growth, the worse of the two imports (MB)",
    unit: "MB",
    target: 200,
  },
];

// ---------------------------------------------------------------- server memory

/** The process and its descendants (npx → node → next-server): their RSS is the server's. */

// ---------------------------------------------------------------- the calls

const FIRST = ["Juan", "Maria", "Jose", "Ana", "Pedro", "Rosa", "Carlos", "Liza", "Miguel", "Grace"];
const LAST = [
  "Dela Cruz",
  "Santos",
  "Reyes",
  "Garcia",
  "Mendoza",
  "Bautista",
  "Villanueva",
  "Ramos",
  "Aquino",
  "Castillo",
];

/** A 100,000-row file: every 5-digit number once (60% with a buyer), and one row repeating a number (an error line). */
export function buildImportFile(rows = 100_000): string {
  const lines = [csvLine(TICKET_CSV_COLUMNS)];
  const start = Date.parse("2026-09-01T00:00:00+08:00");
  for (let i = 1; i <= rows; i++) {
    const n = i <= 99_999 ? i : ((i - 1) % 99_999) + 1;
    const registered = n % 10 < 6;
    const name = `${FIRST[n % 10]} ${LAST[Math.floor(n / 10) % 10]}`;
    const created = new Date(start + n * 60_000).toISOString();
    lines.push(
      csvLine([
        "",
        "",
        String(n).padStart(5, "0"),
        registered ? name : "",
        registered ? `917${String(n).padStart(7, "0")}` : "",
        registered && n % 3 === 0 ? `buyer${n}@example.com` : "",
        registered ? `Brgy. ${n % 200}, Quezon City` : "",
        n % 4 === 0 ? "gcash" : "cash",
        "50.00",
        "",
        created,
        created,
        "seller@example.com",
        "web",
      ]),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

async function timedImport(base: string, token: string, csvData: string, pids: number[] = []) {
  const baseline = rssBytes(pids);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pids))), 20);
  const started = performance.now();
  const res = await fetch(`${base}/tickets/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ csvData, importedBy: "bench-admin@example.com" }),
  });
  const json = (await res.json()) as any;
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(pids));
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  const rssGrowthMb = Math.round(((peak - baseline) / 1024 / 1024) * 10) / 10;
  return {
    ms: Math.round(ms),
    total: json.total,
    imported: json.imported,
    skipped: json.skipped,
    errors: json.errors.length,
    rssGrowthMb,
  };
}

async function timedExport(base: string, token: string, pids: number[]) {
  const baseline = rssBytes(pids);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pids))), 10);
  const started = performance.now();
  const res = await fetch(`${base}/tickets/export-all`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  const chunks: Uint8Array[] = [];
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    chunks.push(chunk);
  }
  const ms = performance.now() - started;
  let lineFeeds = 0;
  for (const chunk of chunks) for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lineFeeds++;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(pids));
  return {
    ms: Math.round(ms),
    bytes,
    // Decision 250: the file is sent as is (fetch would decode a gzipped body; this says if it was).
    contentEncoding: res.headers.get("content-encoding") ?? "identity",
    lines: lineFeeds,
    rssGrowthMb: Math.round(((peak - baseline) / 1024 / 1024) * 10) / 10,
    text: Buffer.concat(chunks).toString("utf8"),
  };
}

/**
 * Export-all (3 runs: median time, worst memory growth) and import figures against a running
 * server. On an empty database it first imports a 100,000-row file (and exports what that made);
 * otherwise it exports what is there and re-imports the export.
 */
export async function measureImportExport(options: { base: string; token: string; engine: Engine; serverPid: number }) {
  const { base, token } = options;
  const pids = processTree(options.serverPid);
  const stats = (await (
    await fetch(`${base}/tickets/stats`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { total: number };
  let file: string | undefined;
  let importEmpty: Awaited<ReturnType<typeof timedImport>> | null = null;
  if (stats.total === 0) {
    file = buildImportFile();
    importEmpty = await timedImport(base, token, file, pids);
  }
  const exports = [];
  for (let i = 0; i < 3; i++) exports.push(await timedExport(base, token, pids));
  const sorted = [...exports].sort((a, b) => a.ms - b.ms);
  const reimport = await timedImport(base, token, file ?? exports[0].text, pids);
  return {
    engine: options.engine,
    io_file_bytes: file ? Buffer.byteLength(file) : Buffer.byteLength(exports[0].text),
    import_empty: importEmpty,
    import_empty_ms: importEmpty?.ms ?? null,
    export_all: exports.map(({ text: _text, ...e }) => e),
    export_all_ms: sorted[1].ms,
    export_rows: exports[0].lines - 1,
    export_rss_growth_mb: Math.max(...exports.map((e) => e.rssGrowthMb)),
    reimport,
    reimport_ms: reimport.ms,
    reimport_imported: reimport.imported,
    import_rss_growth_mb: Math.max(reimport.rssGrowthMb, importEmpty?.rssGrowthMb ?? 0),
  };
}

/** Export-all only (bench/run.ts --quick): 3 runs, median time, worst memory growth, bytes and rows. */
export async function measureExportOnly(options: { base: string; token: string; serverPid: number }) {
  const pids = processTree(options.serverPid);
  const exports = [];
  for (let i = 0; i < 3; i++) exports.push(await timedExport(options.base, options.token, pids));
  const sorted = [...exports].sort((a, b) => a.ms - b.ms);
  return {
    export_all_ms: sorted[1].ms,
    export_all: exports.map(({ text: _text, ...e }) => e),
    export_rows: exports[0].lines - 1,
    export_sha256: createHash("sha256").update(exports[0].text).digest("hex"),
  };
}

/** The report rows: each target measured (time targets x3 on the embedded engine); ones not measured are left out. */
export function ioTargetRows(
  engine: Engine,
  results: Record<string, any>,
): { operation: string; target: number; measured: number; pass: boolean }[] {
  return IO_TARGETS.flatMap((t) => {
    const target = t.unit === "ms" && engine === "pglite" ? t.target * 3 : t.target;
    const measured = results[t.op] as number | null | undefined;
    if (measured === null || measured === undefined) return [];
    return [{ operation: t.label, target, measured, pass: measured <= target }];
  });
}

// ---------------------------------------------------------------- standalone

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  process.kill(-child.pid!, "SIGTERM");
  throw new Error(`server did not start:\n${log}`);
}

function runScript(script: string, argv: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync("npx", ["tsx", "--conditions=react-server", script, ...argv], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (r.status !== 0) throw new Error(`${script} failed (exit ${r.status})`);
  return r.stdout;
}

async function benchEngine(engine: Engine, port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    AUTH_TRUST_HOST: "true",
    AUTH_DEV_LOGIN: "",
    DASHBOARD_API_KEY: "",
    DATABASE_POOL_SIZE: "20",
  };
  let drop: () => Promise<void>;
  if (engine === "pglite") {
    const dir = path.resolve("bench/data", `io-pglite-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    env.PGLITE_DIR = dir;
    delete env.DATABASE_URL;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const server = process.env.BENCH_DATABASE_URL!;
    const name = `raffle_io_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  try {
    console.log(`\n== ${engine}: an empty database`);
    runScript("scripts/db-seed.ts", ["--tickets", "0", "--reset"], env);
    const token = runScript("bench/stats-prepare.ts", [], env).trim().split("\n").pop()!;
    const server = await startServer(env, port);
    try {
      console.log(`== ${engine}: measuring`);
      return await measureImportExport({ base: `http://127.0.0.1:${port}/api`, token, engine, serverPid: server.pid! });
    } finally {
      process.kill(-server.pid!, "SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      tickets: { type: "string", default: "100000" },
      engine: { type: "string" },
      "skip-build": { type: "boolean", default: false },
      port: { type: "string", default: "3230" },
    },
  });
  if (args.tickets !== "100000")
    console.warn("--tickets: the import file is always 100,000 rows (every 5-digit number once, plus one repeat)");
  if (!args["skip-build"] || !existsSync(".next/BUILD_ID")) {
    console.log("== next build");
    if (spawnSync("npx", ["next", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  }
  const engines = (
    args.engine ? [args.engine] : process.env.BENCH_DATABASE_URL ? ["pglite", "postgresql"] : ["pglite"]
  ) as Engine[];
  if (engines.includes("postgresql") && !process.env.BENCH_DATABASE_URL) {
    console.error("--engine postgresql needs BENCH_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres)");
    process.exit(2);
  }
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
    engines: {},
  };
  for (const engine of engines) {
    const results = await benchEngine(engine, Number(args.port));
    const rows = ioTargetRows(engine, results);
    (report.engines as Record<string, unknown>)[engine] = { results, targets: rows };
    console.log(`\n${engine}${engine === "pglite" ? " (time targets ×3 for the embedded engine)" : ""}`);
    console.table(rows);
    console.log(
      JSON.stringify({
        import_empty: results.import_empty,
        export_all: results.export_all,
        reimport: results.reimport,
      }),
    );
  }
  writeFileSync("bench/io-results.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log("wrote bench/io-results.json");
}
