import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { grantAppRole, roleOfUrl } from "@/server/db/app-role";
import { openScriptRunner, pgScriptRunner, type ScriptRunner } from "@/server/db/client";
import { env } from "@/server/env";

// Applies prisma/migrations/*/migration.sql in order and records them in Prisma's own
// `_prisma_migrations` table, so `prisma migrate deploy` on a connected machine agrees
// with what ran here. A session-level advisory lock makes concurrent starts of several
// instances apply each migration exactly once.

const MIGRATIONS_LOCK = 72_657_301; // arbitrary, constant across versions

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir() {
  return path.join(process.cwd(), "prisma", "migrations");
}

export async function readMigrations(dir = migrationsDir()): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

async function applyPending(runner: ScriptRunner, migrations: MigrationFile[]): Promise<MigrateResult> {
  await runner.exec(CREATE_MIGRATIONS_TABLE);
  const rows = await runner.query<AppliedRow>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE ` +
      `finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
  const applied: string[] = [];
  for (const m of migrations) {
    const known = done.get(m.name);
    if (known) {
      if (known !== m.checksum) console.warn(`migration ${m.name} was modified after it was applied`);
      continue;
    }
    // One transaction per migration: a failing migration leaves nothing behind.
    await runner.exec("BEGIN");
    try {
      await runner.exec(m.sql);
      await runner.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), 1)`,
        [randomUUID(), m.checksum, m.name],
      );
      await runner.exec("COMMIT");
    } catch (error) {
      await runner.exec("ROLLBACK");
      throw new Error(`migration ${m.name} failed: ${(error as Error).message}`);
    }
    applied.push(m.name);
  }
  return { applied, alreadyApplied: done.size };
}

// The advisory lock serializes processes; this serializes callers within one process
// (PGlite has a single session, in which advisory locks are re-entrant).
let inProcess: Promise<unknown> = Promise.resolve();

/** Applies every pending migration; safe to call from several processes at once. */
export function migrate(dir?: string): Promise<MigrateResult> {
  // With the two-role setup the owner applies migrations and then grants the app's role its rights.
  const { DATABASE_URL, DATABASE_OWNER_URL } = env();
  const run = inProcess.then(() =>
    DATABASE_OWNER_URL && DATABASE_URL
      ? migrateWith(
          () => pgScriptRunner(DATABASE_OWNER_URL),
          dir,
          (runner) => grantAppRole(runner, roleOfUrl(DATABASE_URL)),
        )
      : migrateWith(openScriptRunner, dir),
  );
  inProcess = run.catch(() => {});
  return run;
}

/** The migration run on one connection opened by `open`; the advisory lock guards it. */
export async function migrateWith(
  open: () => Promise<ScriptRunner>,
  dir?: string,
  after?: (runner: ScriptRunner) => Promise<void>,
): Promise<MigrateResult> {
  const migrations = await readMigrations(dir);
  const runner = await open();
  try {
    await runner.query(`SELECT pg_advisory_lock(${MIGRATIONS_LOCK})`);
    try {
      const result = await applyPending(runner, migrations);
      await after?.(runner);
      return result;
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(${MIGRATIONS_LOCK})`);
    }
  } finally {
    await runner.close();
  }
}
