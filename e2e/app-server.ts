// Starts the production build (`.next`, built once by `npm run test:e2e`) the way `npm start`
// does (scripts/start.mjs) on a port of its own, with a fresh in-memory database, and stops it.
// Used once per Playwright worker (e2e/fixtures.ts) and by the screenshot tool.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyTemplateDatabase } from "./template-database";

const require = createRequire(import.meta.url);
const START_SCRIPT = require.resolve("../scripts/start.mjs");

export interface AppServer {
  url: string;
  port: number;
  /** The server process (for memory measurements). */
  pid: number;
  /** Everything the server printed, for diagnosing a failed start or a 500. */
  output: () => string;
  stop: () => Promise<void>;
}

export const E2E_AUTH_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456789";

async function waitForHealth(url: string, child: ChildProcess, deadline: number) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the app server at ${url} did not become healthy in time`);
}

/**
 * A server left by a worker that was killed mid-teardown (a fixture timeout on a loaded machine)
 * still holds its port: the replacement worker's server could not bind, and its health check
 * would reach the old one, whose database already has this worker's users. Each start records its
 * pid per port; the next start on that port ends a leftover first (only if it is this script).
 */
function pidFile(port: number) {
  return path.join(tmpdir(), `raffle-e2e-app-${port}.pid`);
}

async function endLeftoverServer(port: number) {
  let pid: number;
  /** Its copy of the template database (e2e/template-database.ts), if it had one. */
  let dataDir: string | undefined;
  try {
    const [recordedPid, recordedDir] = readFileSync(pidFile(port), "utf8").split("\n");
    pid = Number(recordedPid);
    dataDir = recordedDir || undefined;
  } catch {
    return;
  }
  let command = "";
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    // gone, or not Linux
  }
  if (command.includes(START_SCRIPT)) {
    process.kill(pid, "SIGKILL");
    for (let tries = 0; tries < 100; tries++) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (dataDir && path.basename(dataDir).startsWith("raffle-e2e-db-"))
      rmSync(dataDir, { recursive: true, force: true });
  }
  rmSync(pidFile(port), { force: true });
}

export async function startAppServer(options: {
  port: number;
  host?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<AppServer> {
  const host = options.host ?? "127.0.0.1";
  const url = `http://${host}:${options.port}`;
  await endLeftoverServer(options.port);
  // A copy of the run's migrated database (e2e/global-setup.ts), removed when the server stops;
  // without one (the screenshot tool), an in-memory database that the server migrates itself.
  const dataDir = options.env?.PGLITE_DIR ? undefined : copyTemplateDatabase();
  const removeDataDir = () => dataDir && rmSync(dataDir, { recursive: true, force: true });
  let output = "";
  // --liftoff-only: the embedded database's WebAssembly is never tiered up to TurboFan. A test
  // server lives minutes, and that compiling on background threads was a sixth of its CPU
  // (docs/decisions/289); the app's code and behaviour are the same.
  const child = spawn(process.env.E2E_NODE ?? process.execPath, ["--liftoff-only", START_SCRIPT], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOSTNAME: host,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PGLITE_DIR: dataDir ?? "memory://",
      DATABASE_URL: "",
      AUTH_SECRET: E2E_AUTH_SECRET,
      AUTH_URL: url,
      AUTH_TRUST_HOST: "true",
      ADMIN_EMAILS: "admin@example.com",
      // E-mails without an SMTP server go to a folder of the test's own, not the local run's ./data/outbox
      // (a purge deletes the outbox's messages, decision 171).
      MAIL_OUTBOX_DIR: path.join(tmpdir(), `raffle-e2e-outbox-${options.port}`),
      // Backups likewise (Settings' Back up now), not the working copy's ./backups.
      BACKUP_DIR: path.join(tmpdir(), `raffle-e2e-backups-${options.port}-${Date.now()}`),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.once("exit", removeDataDir);
  writeFileSync(pidFile(options.port), `${child.pid}\n${dataDir ?? ""}`);
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForHealth(url, child, Date.now() + (options.timeoutMs ?? 60_000));
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return {
    url,
    port: options.port,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => {
          rmSync(pidFile(options.port), { force: true });
          resolve();
        });
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
