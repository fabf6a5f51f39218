// npm run restore -- FILE [--replace]: a backup file into an empty database (DATABASE_URL, or the
// embedded one in ./data with the app stopped). Checks every part of the file against its
// manifest, loads it in one transaction that commits only when every table's row count and
// checksum equal the manifest's, applies the migrations newer than the backup, prints the counts.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { backupDir } from "@/server/backup/backup-files";
import { CONTROL_FILE } from "@/server/backup/backup-service";
import { pgliteConnection, postgresConnection } from "@/server/backup/connection";
import { restoreBackup } from "@/server/backup/restore-backup";
import { grantAppRole, roleOfUrl } from "@/server/db/app-role";
import { EnvError, env, type Env } from "@/server/env";

const args = process.argv.slice(2);
const replace = args.includes("--replace");
const files = args.filter((a) => !a.startsWith("--"));
const unknown = args.filter((a) => a.startsWith("--") && a !== "--replace");
if (files.length !== 1 || unknown.length) {
  console.error("usage: npm run restore -- FILE [--replace]");
  process.exit(2);
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

function appIsRunning(): boolean {
  const control = path.join(backupDir(e), CONTROL_FILE);
  if (!existsSync(control)) return false;
  const { pid } = JSON.parse(readFileSync(control, "utf8")) as { pid: number };
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

try {
  let connection;
  if (e.DATABASE_URL) connection = postgresConnection(e.DATABASE_OWNER_URL ?? e.DATABASE_URL);
  else {
    if (appIsRunning()) throw new Error("the app is running on the embedded database: stop it (Ctrl+C), then restore");
    connection = pgliteConnection(new PGlite(path.resolve(e.PGLITE_DIR), { extensions: { pg_trgm } }), {
      closeWith: true,
    });
  }
  const started = Date.now();
  try {
    // The two-role setup (decision 062): the owner restores, and the app's role gets its rights back.
    const appRole = e.DATABASE_OWNER_URL && e.DATABASE_URL ? roleOfUrl(e.DATABASE_URL) : null;
    const result = await restoreBackup({
      file: path.resolve(files[0]),
      connection,
      replace,
      replacedBackupDir: backupDir(e),
      afterMigrations: appRole ? (runner) => grantAppRole(runner, appRole) : undefined,
    });
    const m = result.manifest;
    if (result.replaced) console.log(`what the database held before is in ${result.replaced.file}`);
    console.log(
      `restored ${files[0]} (made ${m.createdAt} ` +
        `by ${m.app.name} ${m.app.version}, ${m.engine}, ${m.method}) into ${connection.engine} ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`every table's row count and checksum equal the manifest's:`);
    for (const [table, s] of Object.entries(result.tables))
      console.log(`  ${table.padEnd(32)} ${String(s.rows).padStart(9)}`);
    console.log(
      result.applied.length
        ? `then applied ${result.applied.length} newer migration(s): ${result.applied.join(", ")}`
        : `migration ${m.lastMigration}: none newer to apply`,
    );
    for (const w of result.warnings) console.warn(`WARNING: ${w}`);
  } finally {
    await connection.close();
  }
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exit(1);
}
