// The load generator for bench/run.ts: `wrk` (a C client that costs the server's cores little),
// installed with apt-get when missing; `autocannon` (Node, in this process) when wrk cannot be had.
// The difference: autocannon's own CPU use competes with the server on a small machine, so its
// requests/s are lower and its ratios flatter than wrk's; and it reports p97.5, not p95
// (reported in the p95 field, an upper bound). docs/performance.md says which client a figure is from.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface LoadSpec {
  origin: string;
  /** Paths to cycle through (or use once each, with `unique`). */
  paths: string[];
  method?: string;
  unique?: boolean;
  /** JSON body; `{i}` becomes a sequence number. */
  body?: string;
  token?: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  ok: number;
  non2xx: number;
  statuses: Record<string, number>;
  socket_errors: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface LoadClient {
  name: string;
  version: string;
  run(spec: LoadSpec): Promise<LoadResult>;
}

function haveWrk() {
  return spawnSync("wrk", ["--version"], { encoding: "utf8" }).error === undefined;
}

function installWrk(): boolean {
  console.log("== wrk is missing: installing the Debian package");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args: string[]) =>
    spawnSync(sudo.length ? "sudo" : args[0], sudo.length ? args : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "wrk"]);
  return haveWrk();
}

const round = (x: number) => Math.round(x * 100) / 100;
let runCount = 0;

function wrkClient(): LoadClient {
  const version =
    (spawnSync("wrk", ["--version"], { encoding: "utf8" }).stdout || "").split(" ").slice(0, 2).join(" ").trim() ||
    "wrk";
  return {
    name: "wrk",
    version,
    async run(spec) {
      const dir = path.resolve("bench/data");
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `paths-${process.pid}-${runCount++}.txt`);
      writeFileSync(file, `${spec.paths.join("\n")}\n`);
      const threads = Math.min(2, spec.connections);
      const r = spawnSync(
        "wrk",
        [
          "-t",
          String(threads),
          "-c",
          String(spec.connections),
          "-d",
          `${spec.seconds}s`,
          "--timeout",
          "10s",
          "-s",
          "bench/wrk/requests.lua",
          `${spec.origin}${spec.paths[0]}`,
        ],
        {
          encoding: "utf8",
          env: {
            ...process.env,
            WRK_METHOD: spec.method ?? "GET",
            WRK_PATHS_FILE: file,
            WRK_UNIQUE: spec.unique ? "1" : "0",
            WRK_THREADS: String(threads),
            WRK_BODY: spec.body ?? "",
            WRK_TOKEN: spec.token ?? "",
          },
        },
      );
      const line = (r.stdout || "").split("\n").find((l) => l.startsWith("BENCH_JSON "));
      if (r.status !== 0 || !line) throw new Error(`wrk failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
      const j = JSON.parse(line.slice("BENCH_JSON ".length));
      const seconds = j.duration_us / 1e6;
      return {
        requests: j.requests,
        seconds: round(seconds),
        rps: Math.round(j.requests / seconds),
        ok: j.ok,
        non2xx: j.non2xx,
        statuses: j.statuses,
        socket_errors: j.socket_errors,
        p50_ms: round(j.p50_us / 1000),
        p95_ms: round(j.p95_us / 1000),
        p99_ms: round(j.p99_us / 1000),
        max_ms: round(j.max_us / 1000),
      };
    },
  };
}

async function autocannonClient(): Promise<LoadClient> {
  // autocannon ships no types; only its documented options and result fields are used.
  const { default: autocannon } = (await import("autocannon" as string)) as { default: any };
  const { createRequire } = await import("node:module");
  const version = createRequire(import.meta.url)("autocannon/package.json").version as string;
  return {
    name: "autocannon",
    version: `autocannon ${version}`,
    async run(spec) {
      let next = 0;
      let seq = 0;
      const statuses: Record<string, number> = {};
      const headers: Record<string, string> = {};
      if (spec.token) headers.authorization = `Bearer ${spec.token}`;
      if (spec.body) headers["content-type"] = "application/json";
      const instance = autocannon({
        url: spec.origin,
        connections: spec.connections,
        duration: spec.seconds,
        timeout: 10,
        requests: [
          {
            method: spec.method ?? "GET",
            headers,
            setupRequest: (req: Record<string, unknown>) => {
              const i = next++;
              const p = spec.unique
                ? spec.paths[Math.min(i, spec.paths.length - 1)]
                : spec.paths[i % spec.paths.length];
              return { ...req, path: p, body: spec.body ? spec.body.replaceAll("{i}", String(++seq)) : undefined };
            },
          },
        ],
      });
      instance.on("response", (_client: unknown, status: number) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
      const res: any = await new Promise((resolve, reject) => instance.on("done", resolve).on("error", reject));
      const ok = Object.entries(statuses).reduce((n, [s, c]) => (Number(s) < 300 ? n + c : n), 0);
      const total = Object.values(statuses).reduce((a, b) => a + b, 0);
      return {
        requests: total,
        seconds: spec.seconds,
        rps: Math.round(total / spec.seconds),
        ok,
        non2xx: total - ok,
        statuses,
        socket_errors: res.errors + res.timeouts,
        p50_ms: res.latency.p50,
        p95_ms: res.latency.p97_5,
        p99_ms: res.latency.p99,
        max_ms: res.latency.max,
      };
    },
  };
}

/** wrk when it is (or can be made) available, unless BENCH_CLIENT=autocannon; else autocannon. */
export async function loadClient(): Promise<LoadClient> {
  if (process.env.BENCH_CLIENT !== "autocannon" && (haveWrk() || installWrk())) return wrkClient();
  if (process.env.BENCH_CLIENT !== "autocannon")
    console.warn("== wrk could not be installed: falling back to autocannon (see bench/load.ts)");
  return autocannonClient();
}
