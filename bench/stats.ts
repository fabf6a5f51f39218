// The statistics endpoints' benchmark (issue 11), kept apart from bench/run.ts so that file can be
// rewritten freely. Two ways in:
// - bench/run.ts calls measureStatsEndpoints() against its running server after its own writes;
//   every 5-digit number is taken again first, so the figures are at 99,999 tickets.
// - Standalone, on a fresh database of its own:
//     npx tsx --conditions=react-server bench/stats.ts [--tickets 100000] [--engine pglite|postgresql] [--skip-build] [--port 3220] [--fill-to N]
//   PostgreSQL needs BENCH_DATABASE_URL (a database is created there and dropped after).
// It also measures what recording one request's duration costs (server/http/request-timings.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

export interface StatsTarget {
  op: string;
  label: string;
  kind: "p95";
  target: number;
}

/** PostgreSQL targets (ms, p95); the embedded engine may take 3x, as for the ticket API. */
export const STATS_TARGETS: StatsTarget[] = [
  { op: "dashboard_stats", label: "GET /dashboard/stats p95", kind: "p95", target: 25 },
  { op: "historical_1y", label: "GET /dashboard/analytics/historical?period=1y p95", kind: "p95", target: 40 },
  { op: "user_progress", label: "GET /dashboard/admin/user-progress p95", kind: "p95", target: 40 },
];

type Stats = { n: number; p50: number; p95: number; max: number; errors: number };

function summarize(samples: number[], errors: number): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  const r = (x: number) => Math.round(x * 100) / 100;
  return { n: s.length, p50: r(at(50)), p95: r(at(95)), max: r(s[s.length - 1]), errors };
}

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => null)) as any;
  return { ms: performance.now() - started, status: res.status, json };
}

async function timeGets(base: string, token: string, url: string, n: number): Promise<Stats> {
  for (let i = 0; i < 20; i++) await call(base, token, "GET", url);
  const samples: number[] = [];
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const r = await call(base, token, "GET", url);
    samples.push(r.ms);
    if (r.status !== 200) errors++;
  }
  return summarize(samples, errors);
}

/** Takes every free number up to `upTo` with custom ranges (taken numbers are skipped by the API). */
async function fillNumbers(base: string, token: string, upTo: number) {
  for (let start = 1; start <= upTo; start += 10_000) {
    const endRange = Math.min(upTo, start + 9_999);
    const r = await call(base, token, "POST", "/tickets/admin/generate-custom-range", { startRange: start, endRange, userId: "bench-fill" });
    if (r.status !== 201) throw new Error(`filling ${start}-${endRange} failed: ${r.status} ${JSON.stringify(r.json)}`);
  }
}

/** What one call of recordRequestDuration costs, in nanoseconds (it runs on every API request). */
async function measureRecordingCost(): Promise<{ ns_per_request: number }> {
  const { recordRequestDuration, resetRequestTimings } = await import("@/server/http/request-timings");
  const n = 2_000_000;
  for (let i = 0; i < 100_000; i++) recordRequestDuration(5 + (i % 50));
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) recordRequestDuration(0.5 + (i % 997) * 0.37);
  const ns = Number(process.hrtime.bigint() - started) / n;
  resetRequestTimings();
  return { ns_per_request: Math.round(ns * 10) / 10 };
}

/**
 * The three endpoints, sequentially over keep-alive, as an administrator. With `fillTo`, every
 * number up to it is taken first, so the figures are measured on a full table.
 */
export async function measureStatsEndpoints(options: { base: string; token: string; fillTo?: number; samples?: number }) {
  const { base, token } = options;
  if (options.fillTo) await fillNumbers(base, token, options.fillTo);
  const totals = await call(base, token, "GET", "/tickets/stats");
  const n = options.samples ?? 200;
  return {
    stats_tickets: totals.json?.total ?? null,
    dashboard_stats: await timeGets(base, token, "/dashboard/stats", n),
    historical_1y: await timeGets(base, token, "/dashboard/analytics/historical?period=1y", n),
    historical_30d: await timeGets(base, token, "/dashboard/analytics/historical?period=30d", Math.ceil(n / 2)),
    user_progress: await timeGets(base, token, "/dashboard/admin/user-progress", n),
    request_timing: await measureRecordingCost(),
  };
}

// ---------------------------------------------------------------- standalone

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (up) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  process.kill(-child.pid!, "SIGTERM");
  throw new Error(`server did not start:\n${log}`);
}

function runScript(script: string, argv: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync("npx", ["tsx", "--conditions=react-server", script, ...argv], { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`${script} failed (exit ${r.status})`);
  return r.stdout;
}

async function benchEngine(engine: "pglite" | "postgresql", tickets: number, port: number, fillTo?: number) {
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
    const dir = path.resolve("bench/data", `stats-pglite-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    env.PGLITE_DIR = dir;
    delete env.DATABASE_URL;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const server = process.env.BENCH_DATABASE_URL!;
    const name = `raffle_stats_bench_${Date.now()}`;
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
    console.log(`\n== ${engine}: seeding ${tickets} tickets (60% registered, last 90 days)`);
    runScript("scripts/db-seed.ts", ["--tickets", String(tickets), "--registered", "0.6", "--reset"], env);
    const token = runScript("bench/stats-prepare.ts", [], env).trim().split("\n").pop()!;
    const server = await startServer(env, port);
    try {
      console.log(`== ${engine}: measuring`);
      return await measureStatsEndpoints({ base: `http://127.0.0.1:${port}/api`, token, fillTo });
    } finally {
      process.kill(-server.pid!, "SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await drop();
  }
}

/** The report rows: each target with the measured p95 (targets x3 on the embedded engine). */
export function statsTargetRows(engine: "pglite" | "postgresql", results: Record<string, any>) {
  const factor = engine === "pglite" ? 3 : 1;
  return STATS_TARGETS.map((t) => {
    const r = results[t.op] as Stats;
    const target = t.target * factor;
    return { operation: t.label, target, measured: r.p95, pass: r.p95 <= target && r.errors === 0 };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      tickets: { type: "string", default: "100000" },
      engine: { type: "string" },
      "skip-build": { type: "boolean", default: false },
      port: { type: "string", default: "3220" },
      // Takes every number up to N through the API first, as bench/run.ts does (to try that path small).
      "fill-to": { type: "string" },
    },
  });
  if (!args["skip-build"] || !existsSync(".next/BUILD_ID")) {
    console.log("== next build");
    if (spawnSync("npx", ["next", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  }
  const engines = (args.engine ? [args.engine] : process.env.BENCH_DATABASE_URL ? ["pglite", "postgresql"] : ["pglite"]) as ("pglite" | "postgresql")[];
  if (engines.includes("postgresql") && !process.env.BENCH_DATABASE_URL) {
    console.error("--engine postgresql needs BENCH_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres)");
    process.exit(2);
  }
  const report: Record<string, unknown> = { date: new Date().toISOString(), tickets: Number(args.tickets), engines: {} };
  for (const engine of engines) {
    const results = await benchEngine(engine, Number(args.tickets), Number(args.port), args["fill-to"] ? Number(args["fill-to"]) : undefined);
    const rows = statsTargetRows(engine, results);
    (report.engines as Record<string, unknown>)[engine] = { results, targets: rows };
    console.log(`\n${engine} at ${results.stats_tickets} tickets${engine === "pglite" ? " (targets ×3 for the embedded engine)" : ""}`);
    console.table(rows);
    console.log(`recording one request's duration: ${results.request_timing.ns_per_request} ns`);
  }
  writeFileSync("bench/stats-results.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log("wrote bench/stats-results.json");
}
