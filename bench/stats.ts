// The statistics endpoints' benchmark (issue 11), kept apart from bench/run.ts so that file can be
// rewritten freely. Two ways in:
// - bench/run.ts calls measureStatsEndpoints() against its running server after its own writes;
//   every 5-digit number is taken again first, so the figures are at 99,999 tickets.
// - Standalone, on a fresh database of its own:
//     npx tsx --conditions=react-server bench/stats.ts [--tickets 100000] [--engine pglite|postgresql] [--skip-build]
// [--port 3220] [--fill-to N]
//   PostgreSQL needs BENCH_DATABASE_URL (a database is created there and dropped after).
// It also measures what recording one request's duration costs (server/http/request-timings.ts).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  benchEnv,
  createDatabase,
  enginesFrom,
  ensureBuild,
  runTsx,
  seed,
  startServer,
  stopServer,
  type Engine,
} from "./harness";

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
    const r = await call(base, token, "POST", "/tickets/admin/generate-custom-range", {
      startRange: start,
      endRange,
      userId: "bench-fill",
    });
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
export async function measureStatsEndpoints(options: {
  base: string;
  token: string;
  fillTo?: number;
  samples?: number;
}) {
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

async function benchEngine(engine: Engine, tickets: number, port: number, fillTo?: number) {
  const database = await createDatabase(engine, "stats_bench", benchEnv());
  try {
    console.log(`\n== ${engine}: seeding ${tickets} tickets (60% registered, last 90 days)`);
    seed(database.env, tickets);
    const token = runTsx("bench/stats-prepare.ts", [], database.env, true).trim().split("\n").pop()!;
    const server = await startServer(database.env, port);
    try {
      console.log(`== ${engine}: measuring`);
      return await measureStatsEndpoints({ base: `${server.origin}/api`, token, fillTo });
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
}

/** The report rows: each target with the measured p95 (targets x3 on the embedded engine). */
export function statsTargetRows(engine: Engine, results: Record<string, any>) {
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
  ensureBuild(args["skip-build"]);
  const engines = enginesFrom(args.engine);
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    tickets: Number(args.tickets),
    engines: {},
  };
  for (const engine of engines) {
    const results = await benchEngine(
      engine,
      Number(args.tickets),
      Number(args.port),
      args["fill-to"] ? Number(args["fill-to"]) : undefined,
    );
    const rows = statsTargetRows(engine, results);
    (report.engines as Record<string, unknown>)[engine] = { results, targets: rows };
    console.log(
      `\n${engine} at ${results.stats_tickets} ` +
        `tickets${engine === "pglite" ? " (targets ×3 for the embedded engine)" : ""}`,
    );
    console.table(rows);
    console.log(`recording one request's duration: ${results.request_timing.ns_per_request} ns`);
  }
  writeFileSync("bench/stats-results.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log("wrote bench/stats-results.json");
}
