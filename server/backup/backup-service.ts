import "server-only";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { appBackupConnection } from "@/server/backup/app-connection";
import { backupDir, pruneAutomaticBackups } from "@/server/backup/backup-files";
import { createBackup, type CreatedBackup } from "@/server/backup/create-backup";
import { env } from "@/server/env";

// The running app's backups: automatic ones (AUTO_BACKUP: every BACKUP_EVERY_HOURS and at stop,
// the newest BACKUP_KEEP kept), "Back up now" from Settings, and `npm run backup` on the embedded
// database, which cannot open ./data while the app has it open and so asks the app: it leaves a
// request file in the backup folder and signals the process named in `.running.json` (SIGUSR2);
// the app answers with a result file. Only the machine's own user can do either.

export const CONTROL_FILE = ".running.json";
export const REQUEST_PREFIX = ".request-";

let queue: Promise<unknown> = Promise.resolve();

/** One backup at a time per process (each is one transaction; two at once would only take twice as long). */
export function takeAppBackup(options: { kind: "manual" | "auto"; withSecrets?: boolean }): Promise<CreatedBackup> {
  const run = queue.then(async () => {
    const created = await createBackup({
      connection: appBackupConnection(),
      dir: backupDir(),
      kind: options.kind,
      withSecrets: options.withSecrets,
    });
    if (options.kind === "auto") await pruneAutomaticBackups(env().BACKUP_KEEP);
    return created;
  });
  queue = run.catch(() => {});
  return run;
}

async function answerRequests(dir: string) {
  const names = (await readdir(dir).catch(() => [] as string[])).filter(
    (n) => n.startsWith(REQUEST_PREFIX) && n.endsWith(".json") && !n.endsWith(".result.json"),
  );
  for (const name of names) {
    const file = path.join(dir, name);
    const request = JSON.parse(await readFile(file, "utf8").catch(() => "{}")) as { withSecrets?: boolean };
    await rm(file, { force: true });
    const result = await takeAppBackup({ kind: "manual", withSecrets: request.withSecrets === true }).then(
      (b) => ({ ok: true, file: b.file, bytes: b.bytes, ms: b.ms, manifest: b.manifest }),
      (error: Error) => ({ ok: false, error: error.message }),
    );
    await writeFile(file.replace(/\.json$/, ".result.json"), JSON.stringify(result), { mode: 0o600 });
  }
}

function logBackup(reason: string, b: CreatedBackup) {
  console.log(`backup (${reason}): ${b.file}, ${(b.bytes / 1e6).toFixed(1)} MB in ${(b.ms / 1000).toFixed(1)} s`);
}

const globalForBackups = globalThis as typeof globalThis & {
  __raffleBackupService?: boolean;
  __raffleBeforeExit?: () => Promise<void>;
};

/** Called once at start (instrumentation.ts). */
export function startBackupService() {
  if (globalForBackups.__raffleBackupService) return;
  globalForBackups.__raffleBackupService = true;
  const e = env();
  const dir = backupDir(e);
  if (!e.DATABASE_URL && !e.PGLITE_DIR.startsWith("memory://")) {
    mkdirSync(dir, { recursive: true });
    const control = path.join(dir, CONTROL_FILE);
    writeFileSync(control, JSON.stringify({ pid: process.pid, dataDir: path.resolve(e.PGLITE_DIR) }), { mode: 0o600 });
    process.on("exit", () => rmSync(control, { force: true }));
    process.on(
      "SIGUSR2",
      () => void answerRequests(dir).catch((error: Error) => console.error(`backup: ${error.message}`)),
    );
  }
  if (!e.AUTO_BACKUP) return;
  const every = e.BACKUP_EVERY_HOURS * 3_600_000;
  const timer = setInterval(() => {
    takeAppBackup({ kind: "auto" }).then(
      (b) => logBackup("every " + e.BACKUP_EVERY_HOURS + " h", b),
      (error: Error) => console.error(`backup: the automatic backup failed: ${error.message}`),
    );
  }, every);
  timer.unref();
  // scripts/start.mjs awaits this on SIGTERM/SIGINT before it exits.
  globalForBackups.__raffleBeforeExit = async () => {
    clearInterval(timer);
    await takeAppBackup({ kind: "auto" }).then(
      (b) => logBackup("at stop", b),
      (error: Error) => console.error(`backup: the backup at stop failed: ${error.message}`),
    );
  };
}
