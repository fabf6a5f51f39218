// npm run bench [-- --skip-build] [-- --engine pglite|postgresql]
// Seeds a fresh database with every 5-digit ticket number taken (99,999 tickets, 60%
// registered), starts the production build, and measures the ticket API over HTTP with
// a signed-in admin's bearer token. Embedded PGlite always; PostgreSQL too when
// BENCH_DATABASE_URL names a server (a fresh database is created there and dropped after).
// Prints a table and writes bench/results.json.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { measureImportExport, ioTargetRows } from "./io";
import { measureStatsEndpoints, statsTargetRows } from "./stats";

const { values: args } = parseArgs({
  options: { "skip-build": { type: "boolean", default: false }, engine: { type: "string" }, port: { type: "string", default: "3210" } },
});
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}/api`;

interface Target {
  op: string;
  label: string;
  kind: "p95" | "time" | "throughput" | "exact";
  target: number;
}

const TARGETS: Target[] = [
  { op: "lookup", label: "GET /tickets/search/{term} p95", kind: "p95", target: 4 },
  { op: "name_search", label: "GET /tickets/search?search=<name part>&status=registered p95", kind: "p95", target: 15 },
  { op: "list_offset", label: "GET /tickets?limit=10&offset=50000 p95", kind: "p95", target: 12 },
  { op: "stats", label: "GET /tickets/stats p95", kind: "p95", target: 15 },
  { op: "register", label: "PUT /tickets/register/{n} p95", kind: "p95", target: 10 },
  { op: "generate_100", label: "POST /tickets/generate quantity 100 (p95 of runs)", kind: "p95", target: 100 },
  { op: "custom_range_10000", label: "custom range of 10,000 (ms)", kind: "time", target: 500 },
  { op: "concurrent_register", label: "32 clients registering distinct tickets (registrations/s)", kind: "throughput", target: 600 },
  { op: "same_ticket_race", label: "20 concurrent registrations of one ticket (successes)", kind: "exact", target: 1 },
];

type Stats = { n: number; p50: number; p95: number; max: number; errors: number };

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(samples: number[], errors: number): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 100) / 100;
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), max: r(s[s.length - 1] ?? NaN), errors };
}

async function call(token: string, method: string, url: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => null)) as any;
  return { ms: performance.now() - started, status: res.status, json };
}

async function timeSequential(n: number, fn: (i: number) => Promise<{ ms: number; status: number }>, ok = (s: number) => s < 400) {
  for (let i = 0; i < Math.min(20, n); i++) await fn(-1 - i); // warm-up
  const samples: number[] = [];
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const r = await fn(i);
    samples.push(r.ms);
    if (!ok(r.status)) errors++;
  }
  return summarize(samples, errors);
}

// ---------------------------------------------------------------- database preparation

interface Prepared {
  token: string;
  lookups: string[];
  nameParts: string[];
  unregistered: string[];
}

function runTsx(script: string, argv: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync("npx", ["tsx", "--conditions=react-server", script, ...argv], { env, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${script} failed (exit ${r.status})`);
}

async function prepare(env: NodeJS.ProcessEnv): Promise<Prepared> {
  runTsx("scripts/db-seed.ts", ["--tickets", "100000", "--registered", "0.6", "--reset"], env);
  const out = spawnSync("npx", ["tsx", "--conditions=react-server", "bench/prepare.ts"], { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (out.status !== 0) throw new Error("bench/prepare.ts failed");
  return JSON.parse(out.stdout.trim().split("\n").pop()!) as Prepared;
}

// ---------------------------------------------------------------- server

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn("npx", ["next", "start", "-p", String(PORT), "-H", "127.0.0.1"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${BASE}/health`);
      if (res.ok) return child;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  stopServer(child);
  throw new Error(`server did not start:\n${log}`);
}

function stopServer(child: ChildProcess) {
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------- the measurements

async function measure(p: Prepared) {
  const t = p.token;
  const results: Record<string, unknown> = {};
  let next = 0;
  const take = () => p.unregistered[next++];
  const buyer = (i: number) => ({ buyerName: `Bench Buyer ${i}`, phoneNumber: "09171234567", email: "", address: "Quezon City" });

  results.lookup = await timeSequential(300, (i) => call(t, "GET", `/tickets/search/${encodeURIComponent(p.lookups[(i + 300) % p.lookups.length])}`));
  results.name_search = await timeSequential(200, (i) =>
    call(t, "GET", `/tickets/search?search=${encodeURIComponent(p.nameParts[(i + 200) % p.nameParts.length])}&status=registered&limit=10&offset=0`),
  );
  results.list_offset = await timeSequential(200, () => call(t, "GET", `/tickets?limit=10&offset=50000`));
  results.stats = await timeSequential(200, () => call(t, "GET", `/tickets/stats`));
  results.register = await timeSequential(300, (i) => call(t, "PUT", `/tickets/register/${encodeURIComponent(take())}`, buyer(i)));
  const range = await call(t, "POST", `/tickets/admin/generate-custom-range`, { startRange: 60001, endRange: 70000, userId: "bench@example.com" });
  results.custom_range_10000 = { ms: Math.round(range.ms), status: range.status, generated: range.json?.stats?.generated ?? null };
  results.generate_100 = await timeSequential(
    10,
    (i) =>
      call(t, "POST", `/tickets/generate`, {
        buyer_name: `Bench Generate ${i}`,
        phone_number: "9171234567",
        payment_method: "cash",
        quantity: 100,
      }),
    (s) => s === 201,
  );


  // 32 clients, each registering its own distinct tickets as fast as it can.
  const perClient = 100;
  const batches = Array.from({ length: 32 }, () => Array.from({ length: perClient }, take));
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    batches.map(async (tickets, c) => {
      for (const n of tickets) {
        const r = await call(t, "PUT", `/tickets/register/${encodeURIComponent(n)}`, buyer(c));
        if (r.status !== 200) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  results.concurrent_register = { clients: 32, registrations: 32 * perClient, seconds: Math.round(seconds * 1000) / 1000, per_second: Math.round((32 * perClient) / seconds), errors };

  // 20 staff registering the same ticket at the same moment.
  const contested = take();
  const race = await Promise.all(Array.from({ length: 20 }, (_, i) => call(t, "PUT", `/tickets/register/${encodeURIComponent(contested)}`, buyer(1000 + i))));
  results.same_ticket_race = {
    successes: race.filter((r) => r.status === 200).length,
    conflicts: race.filter((r) => r.status === 409).length,
    other: race.filter((r) => r.status !== 200 && r.status !== 409).map((r) => r.status),
  };
  return results;
}

function verdict(op: Target, r: any): { value: number; pass: boolean } {
  switch (op.kind) {
    case "p95":
      return { value: r.p95, pass: r.p95 <= op.target && r.errors === 0 };
    case "time":
      return { value: r.ms, pass: r.ms <= op.target && r.status === 201 };
    case "throughput":
      return { value: r.per_second, pass: r.per_second >= op.target && r.errors === 0 };
    case "exact":
      return { value: r.successes, pass: r.successes === op.target && r.other.length === 0 };
  }
}

// ---------------------------------------------------------------- main

async function benchEngine(engine: "pglite" | "postgresql") {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    AUTH_TRUST_HOST: "true",
    AUTH_DEV_LOGIN: "",
    DASHBOARD_API_KEY: "",
    DATABASE_POOL_SIZE: "20",
  };
  let dropDb: (() => Promise<void>) | undefined;
  if (engine === "pglite") {
    const dir = path.resolve("bench/data", `pglite-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    env.PGLITE_DIR = dir;
    delete env.DATABASE_URL;
    dropDb = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const server = process.env.BENCH_DATABASE_URL!;
    const name = `raffle_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  try {
    console.log(`\n== ${engine}: seeding 99,999 tickets (every 5-digit number; 60% registered)`);
    const prepared = await prepare(env);
    console.log(`== ${engine}: starting the production build`);
    const server = await startServer(env);
    try {
      console.log(`== ${engine}: measuring`);
      const results = await measure(prepared);
      // The statistics endpoints (bench/stats.ts), after the writes, on every number taken again.
      const stats: Record<string, unknown> = await measureStatsEndpoints({ base: BASE, token: prepared.token, fillTo: 99_999 });
      // CSV export-all and re-import at 99,999 tickets (bench/io.ts; import into an empty database: run bench/io.ts).
      const io: Record<string, unknown> = await measureImportExport({ base: BASE, token: prepared.token, engine, serverPid: server.pid! });
      return { ...results, ...stats, ...io };
    } finally {
      stopServer(server);
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await dropDb?.();
  }
}

if (!args["skip-build"] || !existsSync(".next/BUILD_ID")) {
  console.log("== next build");
  const b = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(1);
}

const engines: ("pglite" | "postgresql")[] = args.engine
  ? [args.engine as "pglite" | "postgresql"]
  : process.env.BENCH_DATABASE_URL
    ? ["pglite", "postgresql"]
    : ["pglite"];
if (engines.includes("postgresql") && !process.env.BENCH_DATABASE_URL) {
  console.error("--engine postgresql needs BENCH_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres)");
  process.exit(2);
}

const report: Record<string, unknown> = { date: new Date().toISOString(), machine: { cpus: (await import("node:os")).cpus().length, node: process.version }, engines: {} };
for (const engine of engines) {
  const results = await benchEngine(engine);
  // The targets are for PostgreSQL; the embedded engine may take up to 3x.
  const factor = engine === "pglite" ? 3 : 1;
  const rows = TARGETS.map((t) => {
    const target = t.kind === "exact" ? t.target : t.kind === "throughput" ? t.target / factor : t.target * factor;
    const v = verdict({ ...t, target }, results[t.op]);
    return { operation: t.label, target, measured: v.value, pass: v.pass };
  });
  rows.push(...statsTargetRows(engine, results));
  rows.push(...ioTargetRows(engine, results));
  (report.engines as Record<string, unknown>)[engine] = { results, targets: rows };
  console.log(`\n${engine}${factor > 1 ? " (targets ×3 for the embedded engine)" : ""}`);
  console.table(rows);
}
mkdirSync("bench", { recursive: true });
writeFileSync("bench/results.json", `${JSON.stringify(report, null, 2)}\n`);
console.log("wrote bench/results.json");
