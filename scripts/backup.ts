// npm run backup [-- --with-secrets] [--out DIR] [--logical]: one file holding the whole database at
// one instant, while the app keeps serving (README, Backups; docs/decisions/212).
// - PostgreSQL (DATABASE_URL): pg_dump when installed (custom format, inside the snapshot this
//   script reads the manifest's figures from), else every table copied in that one transaction.
// - The embedded database (./data): only one process may open it. If the app is running on it,
//   the app takes the backup (asked through the backup folder and a signal); if not, this script
//   opens it itself.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { backupDir } from "@/server/backup/backup-files";
import { CONTROL_FILE, REQUEST_PREFIX } from "@/server/backup/backup-service";
import { pgliteConnection, postgresConnection } from "@/server/backup/connection";
import { createBackup } from "@/server/backup/create-backup";
import type { BackupManifest } from "@/server/backup/manifest";
import { EnvError, env, type Env } from "@/server/env";

const args = process.argv.slice(2);
const withSecrets = args.includes("--with-secrets");
const logical = args.includes("--logical");
const outIndex = args.indexOf("--out");
for (const a of args) {
  if (!["--with-secrets", "--logical", "--out"].includes(a) && args[args.indexOf(a) - 1] !== "--out") {
    console.error(`unknown option ${a} (use --with-secrets, --out DIR, --logical)`);
    process.exit(2);
  }
}

let e: Env;
try {
  e = env();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const dir = outIndex >= 0 ? path.resolve(args[outIndex + 1] ?? ".") : backupDir(e);

if (withSecrets) {
  console.warn(
    "WARNING: --with-secrets puts the installation's keys in the file (the key that signs draw " +
      "certificates, the one that seals draw seeds, the one behind ticket QR codes). Anyone " +
      "holding the file can forge them: keep it as safe as the laptop itself.",
  );
}

/** The app running on this embedded database, if it is: its process id. */
function runningApp(): number | null {
  const control = path.join(backupDir(e), CONTROL_FILE);
  if (!existsSync(control)) return null;
  const { pid, dataDir } = JSON.parse(readFileSync(control, "utf8")) as { pid: number; dataDir: string };
  if (dataDir !== path.resolve(e.PGLITE_DIR)) return null;
  try {
    process.kill(pid, 0);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("node") ? pid : null;
  } catch {
    return null;
  }
}

async function askApp(pid: number) {
  const id = randomBytes(6).toString("hex");
  const request = path.join(backupDir(e), `${REQUEST_PREFIX}${id}.json`);
  const result = request.replace(/\.json$/, ".result.json");
  await writeFile(request, JSON.stringify({ withSecrets }), { mode: 0o600 });
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 600_000; waited += 200) {
    await sleep(200);
    if (!existsSync(result)) continue;
    const answer = JSON.parse(await readFile(result, "utf8")) as {
      ok: boolean;
      error?: string;
      file: string;
      bytes: number;
      ms: number;
      manifest: BackupManifest;
    };
    await rm(result, { force: true });
    if (!answer.ok) throw new Error(answer.error);
    return answer;
  }
  await rm(request, { force: true });
  throw new Error("the running app did not answer within 10 minutes");
}

function report(b: { file: string; bytes: number; ms: number; manifest: BackupManifest }, how: string) {
  const m = b.manifest;
  console.log(`${b.file}`);
  console.log(
    `  ${(b.bytes / 1e6).toFixed(2)} MB in ${(b.ms / 1000).toFixed(1)} ` +
      `s, ${how}; ${m.engine}, ${m.method}${m.methodNote ? ` (${m.methodNote})` : ""}; ` +
      `migration ${m.lastMigration}`,
  );
  const rows = Object.entries(m.tables).filter(([, s]) => s.rows > 0);
  console.log(`  ${rows.map(([t, s]) => `${t} ${s.rows}`).join(", ")}`);
  if (!m.withSecrets)
    console.log("  without the installation's keys (add --with-secrets to include them; README, Backups)");
  if (dir !== backupDir(e)) console.log(`  (copy it off this machine: README, Backups)`);
}

try {
  if (e.DATABASE_URL) {
    const b = await createBackup({
      connection: postgresConnection(e.DATABASE_OWNER_URL ?? e.DATABASE_URL),
      dir,
      withSecrets,
      method: logical ? "copy" : "auto",
    });
    report(b, "taken while the app may serve");
  } else {
    const pid = outIndex < 0 ? runningApp() : null;
    if (pid) {
      report(await askApp(pid), `taken by the running app (process ${pid})`);
    } else {
      if (runningApp())
        throw new Error(
          "the app is running on this database: leave out --out (the app " +
            "writes into its backup folder), or stop it first",
        );
      const pglite = new PGlite(path.resolve(e.PGLITE_DIR), { extensions: { pg_trgm } });
      const connection = pgliteConnection(pglite, { closeWith: true });
      try {
        report(await createBackup({ connection, dir, withSecrets }), "the app is not running: read directly");
      } finally {
        await connection.close();
      }
    }
  }
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
