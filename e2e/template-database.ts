// The embedded database every e2e app server starts from (issue 39): one folder, migrated once per
// set of migrations by Playwright's globalSetup, then copied for each server (e2e/app-server.ts),
// so a server start skips PGlite's initdb and the migrations (about 80 % of a start measured under
// load: initdb + 26 migrations 61 s, copy + open 7 s). Each server still gets a database of its own,
// made fresh from the migrations (its installation keys and ADMIN_EMAILS admins at its own start).
// The folder lives on /dev/shm where there is one (memory, as `memory://` was), else in tmpdir.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "..");
const MIGRATIONS = path.join(ROOT, "prisma", "migrations");
/** Set by the global setup for the workers: the migrated folder each server copies. */
export const TEMPLATE_ENV = "E2E_PGLITE_TEMPLATE";
const READY = ".e2e-template-ready";

/** Memory-backed where the machine has it (Linux's /dev/shm), as the servers' `memory://` databases were. */
export function scratchBase() {
  return existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
}

/** A name that changes with any migration's name or SQL, so a stale template is never used. */
function migrationsHash() {
  const hash = createHash("sha256");
  for (const name of readdirSync(MIGRATIONS).sort()) {
    const file = path.join(MIGRATIONS, name, "migration.sql");
    if (!existsSync(file)) continue;
    hash.update(name).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The migrated folder for the current migrations, made if missing by `npm run db:migrate`'s script
 * (the app's own migration path, on the embedded engine). Made in a scratch folder and renamed
 * into place, so a run that dies half-way never leaves a half-migrated template.
 */
export function ensureTemplateDatabase(): string {
  const dir = path.join(scratchBase(), `raffle-e2e-template-${migrationsHash()}`);
  if (existsSync(path.join(dir, READY))) return dir;
  const scratch = mkdtempSync(path.join(scratchBase(), "raffle-e2e-template-making-"));
  const dataDir = path.join(scratch, "db");
  try {
    const tsx = require.resolve("tsx/cli");
    const made = spawnSync(
      process.execPath,
      [tsx, "--conditions=react-server", path.join(ROOT, "scripts", "db-migrate.ts")],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PGLITE_DIR: dataDir,
          DATABASE_URL: "",
          AUTH_SECRET: "e2e-template-secret-e2e-template-secret-0123",
        },
        encoding: "utf8",
        timeout: 300_000,
      },
    );
    if (made.status !== 0)
      throw new Error(
        `migrating the e2e template database failed (exit ${made.status}):\n${made.stdout}\n${made.stderr}`,
      );
    writeFileSync(path.join(dataDir, READY), "");
    try {
      renameSync(dataDir, dir);
    } catch (error) {
      // Another run (another checkout on this machine) made the same template first: use it.
      if (!existsSync(path.join(dir, READY))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return dir;
}

/** A fresh copy of the template for one server; `undefined` when no template was made (the screenshot tool). */
export function copyTemplateDatabase(): string | undefined {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return undefined;
  const copy = mkdtempSync(path.join(scratchBase(), "raffle-e2e-db-"));
  cpSync(template, copy, { recursive: true });
  rmSync(path.join(copy, READY), { force: true });
  return copy;
}
