// The stub printing benchmark (issue 22): 10,000 stubs in one PDF from the production build on a
// fresh embedded database — time to the last byte, file size, the server's RSS growth, and the
// p95 of another API request before and while the PDF renders (the render runs in a worker
// thread, so other requests should keep their usual time). Results in bench/stubs-results.json.
//   npx tsx --conditions=react-server bench/stubs.ts [--tickets 10000] [--skip-build] [--port 3850] [--print-only]
// The port may also come from BENCH_PORT (helpers sharing the machine each have their own range).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { mb, p95, processTree, rssBytes } from "./process-memory";

const { values: args } = parseArgs({
  options: {
    tickets: { type: "string", default: "10000" },
    "skip-build": { type: "boolean", default: false },
    port: { type: "string", default: process.env.BENCH_PORT || "3850" },
    layout: { type: "string", default: "5-up" },
    /**
     * Send no other requests while the PDF renders: the print's own time, with nothing queued before it on the
     * database.
     */
    "print-only": { type: "boolean", default: false },
  },
});

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
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
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

async function timedGets(url: string, headers: Record<string, string>, until: () => boolean, min = 0) {
  const times: number[] = [];
  while (!until() || times.length < min) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    // A refused request (401, 429) is not a measurement.
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times;
}

if (!args["skip-build"] || !existsSync(".next/BUILD_ID")) {
  console.log("== next build");
  if (spawnSync("npx", ["next", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}
const port = Number(args.port);
const dir = path.resolve("bench/data", `stubs-pglite-${Date.now()}`);
mkdirSync(dir, { recursive: true });
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  AUTH_TRUST_HOST: "true",
  AUTH_DEV_LOGIN: "",
  DASHBOARD_API_KEY: "",
  PGLITE_DIR: dir,
  PUBLIC_BASE_URL: "https://raffle.example.ph",
};
delete env.DATABASE_URL;
try {
  console.log(`== seeding ${args.tickets} tickets`);
  runScript("scripts/db-seed.ts", ["--tickets", args.tickets, "--reset"], env);
  const token = runScript("bench/stats-prepare.ts", [], env).trim().split("\n").pop()!;
  const server = await startServer(env, port);
  try {
    const base = `http://127.0.0.1:${port}/api`;
    const headers = { authorization: `Bearer ${token}` };
    // No practical rate limit: the benchmark measures time, not the limiter (220 requests before the print).
    const limited = await fetch(`${base}/settings`, {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ api_rate_limit: 100_000 }),
    });
    if (!limited.ok) throw new Error(`settings: ${limited.status} ${await limited.text()}`);
    const other = `${base}/tickets/stats`;
    await timedGets(other, headers, () => true, 20); // warm
    const baseline = await timedGets(other, headers, () => true, 200);
    const pids = processTree(server.pid!);
    const rssBefore = rssBytes(pids);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(processTree(server.pid!)))), 50);
    let done = false;
    const t0 = performance.now();
    const printing = (async () => {
      const res = await fetch(`${base}/print/stubs`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ from: 1, to: 99999, layout: args.layout }),
      });
      if (!res.ok) throw new Error(`print: ${res.status} ${await res.text()}`);
      const firstByte = performance.now() - t0;
      const bytes = (await res.arrayBuffer()).byteLength;
      return { firstByte, ms: performance.now() - t0, bytes };
    })().finally(() => (done = true));
    const during = args["print-only"] ? [] : await timedGets(other, headers, () => done);
    const printed = await printing;
    clearInterval(sampler);
    const results = {
      measuredAt: new Date().toISOString(),
      engine: "pglite",
      tickets: Number(args.tickets),
      layout: args.layout,
      print_ms: Math.round(printed.ms),
      first_byte_ms: Math.round(printed.firstByte),
      pdf_mb: mb(printed.bytes),
      server_rss_growth_mb: mb(rssPeak - rssBefore),
      other_api_p95_before_ms: Math.round(p95(baseline) * 10) / 10,
      other_api_p95_during_ms: during.length ? Math.round(p95(during) * 10) / 10 : null,
      other_api_requests_during: during.length,
      load_average: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
    };
    console.log(results);
    writeFileSync("bench/stubs-results.json", `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
