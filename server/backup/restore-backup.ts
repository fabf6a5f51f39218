import "server-only";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BackupConnection, BackupTx } from "@/server/backup/connection";
import { quoteIdent } from "@/server/backup/connection";
import { createBackup, type CreatedBackup } from "@/server/backup/create-backup";
import { PG_DUMP_PART, SECRETS_TABLE, tablePart, type BackupManifest } from "@/server/backup/manifest";
import { BackupFileError, readBackup } from "@/server/backup/read-backup";
import { listTables, loadOrder, readTableStats, setStableOutput, type TableStat } from "@/server/backup/table-stats";
import type { ScriptRunner } from "@/server/db/client";
import { migrateWith, migrationsDir, readMigrations } from "@/server/db/migrate";

export interface RestoreOptions {
  file: string;
  /** The database restored into. */
  connection: BackupConnection;
  /** Overwrite a database that holds data; what it held is first backed up into replacedBackupDir. */
  replace?: boolean;
  replacedBackupDir?: string;
  migrationsDir?: string;
  /** Run on the migration connection after the last migration (the two-role setup grants the app's role its rights). */
  afterMigrations?: (runner: ScriptRunner) => Promise<void>;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Row counts and checksums read back from the restored database: equal to the manifest's. */
  tables: Record<string, TableStat>;
  /** Migrations newer than the backup, applied after its data. */
  applied: string[];
  /** The backup of what --replace overwrote, when it held data. */
  replaced?: CreatedBackup;
  warnings: string[];
}

/** What counts as data: anyone signed in, a ticket, an audited action (a fresh migration has none of these). */
async function describeData(tx: BackupTx): Promise<string | null> {
  const present = new Set(await listTables(tx));
  const counts: string[] = [];
  for (const table of ["users", "tickets", "audit_log"]) {
    if (!present.has(table)) continue;
    const [{ n }] = await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quoteIdent(table)}`);
    if (Number(n) > 0) counts.push(`${n} ${table}`);
  }
  return counts.length ? counts.join(", ") : null;
}

/** Migrations the backup was made at must all be known here, unchanged: otherwise this is an older version of the app.
 */
async function backupMigrationsDir(manifest: BackupManifest, dir: string): Promise<string> {
  const local = new Map((await readMigrations(dir)).map((m) => [m.name, m]));
  const subset = await mkdtemp(path.join(tmpdir(), "raffle-restore-migrations-"));
  for (const m of manifest.migrations) {
    const known = local.get(m.name);
    if (!known)
      throw new BackupFileError(
        `the backup was made by a newer version of the app ` +
          `(migration ${m.name} is not in this copy): update the app, then ` +
          `restore`,
      );
    await mkdir(path.join(subset, m.name));
    await writeFile(path.join(subset, m.name, "migration.sql"), known.sql);
  }
  return subset;
}

function runPgRestore(url: string, dump: Buffer): Promise<void> {
  const file = path.join(tmpdir(), `raffle-restore-${randomBytes(6).toString("hex")}.pgdump`);
  return writeFile(file, dump, { mode: 0o600 }).then(() =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(
        "pg_restore",
        ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${url}`, file],
        {
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
      let stderr = "";
      child.stderr.on("data", (d) => (stderr += String(d)));
      child.on("error", (error) =>
        reject(
          new BackupFileError(
            `this backup was made with pg_dump and needs pg_restore, which is not installed here (${error.message})`,
          ),
        ),
      );
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_restore failed: ${stderr.trim() || `exit ${code}`}`)),
      );
    }).finally(() => rm(file, { force: true })),
  );
}

function compareWithManifest(manifest: BackupManifest, found: Record<string, TableStat>) {
  const wrong: string[] = [];
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const got = found[table];
    if (!got) wrong.push(`${table}: missing`);
    else if (got.rows !== expected.rows || got.checksum !== expected.checksum)
      wrong.push(
        `${table}: ${got.rows} rows (checksum ${got.checksum}), the ` +
          `manifest says ${expected.rows} (${expected.checksum})`,
      );
  }
  for (const table of Object.keys(found)) if (!manifest.tables[table]) wrong.push(`${table}: not in the backup`);
  if (wrong.length) throw new Error(`the restored data does not match the backup's manifest: ${wrong.join("; ")}`);
}

async function loadCopyParts(tx: BackupTx, manifest: BackupManifest, parts: Map<string, Buffer>) {
  await setStableOutput(tx);
  const tables = await listTables(tx);
  const expected = Object.keys(manifest.tables).sort();
  if (tables.join(",") !== expected.join(","))
    throw new Error(
      `the database's tables after the backup's migrations differ from the ` +
        `backup's: ${tables.join(", ")} vs ${expected.join(", ")}`,
    );
  const [{ superuser }] = await tx.query<{ superuser: boolean }>(
    `SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
  );
  // The rows go back exactly as they were: the append-only guards and the counters' triggers stay
  // out of it (replica role), or, for an owner that is not a superuser, the tables' own triggers.
  if (superuser) await tx.query(`SET LOCAL session_replication_role = replica`);
  else for (const t of tables) await tx.query(`ALTER TABLE ${quoteIdent(t)} DISABLE TRIGGER USER`);
  // The migrations' own rows (settings, counters' slots) are replaced by the backup's.
  await tx.query(`TRUNCATE TABLE ${tables.map(quoteIdent).join(", ")}`);
  // Indexes are built once over the loaded rows rather than row by row (the trigram indexes
  // especially); those behind a constraint stay, and with them the constraint's checking.
  const indexes = await tx.query<{ name: string; def: string }>(
    `SELECT quote_ident(ci.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
       JOIN pg_class ci ON ci.oid = i.indexrelid
       JOIN pg_class ct ON ct.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = ct.relnamespace
      WHERE n.nspname = 'public' AND ct.relname <> '_prisma_migrations'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  for (const index of indexes) await tx.query(`DROP INDEX public.${index.name}`);
  for (const table of await loadOrder(tx, tables)) {
    const data = parts.get(tablePart(table));
    if (data) await tx.copyIn(table, data);
  }
  await tx.query(`SET LOCAL maintenance_work_mem = '64MB'`);
  for (const index of indexes) await tx.query(index.def);
  for (const s of manifest.sequences) {
    if (s.lastValue === null) continue;
    await tx.query(`SELECT setval($1::regclass, $2::bigint, $3::boolean)`, [
      quoteIdent(s.name),
      s.lastValue,
      s.isCalled,
    ]);
  }
  if (!superuser) for (const t of tables) await tx.query(`ALTER TABLE ${quoteIdent(t)} ENABLE TRIGGER USER`);
  const found = await readTableStats(tx, tables);
  compareWithManifest(manifest, found);
  return found;
}

/**
 * Restores a backup file into an empty database (or, with replace, over one that holds data):
 * checks the file whole, builds the schema the backup was made at, loads every table in one
 * transaction and checks each table's row count and checksum against the manifest before it
 * commits, then applies the migrations newer than the backup.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { connection } = options;
  const { manifest, parts } = await readBackup(options.file);
  const warnings: string[] = [];
  if (manifest.method === "pg_dump" && connection.engine !== "postgresql") {
    throw new BackupFileError(
      "this backup is a pg_dump of a PostgreSQL database: it restores only into PostgreSQL (set DATABASE_URL)",
    );
  }
  const held = await connection.transaction("read", describeData);
  let replaced: CreatedBackup | undefined;
  if (held) {
    if (!options.replace)
      throw new BackupFileError(
        `the database is not empty (${held}): restore into an empty database, or pass --replace to overwrite it`,
      );
    if (options.replacedBackupDir)
      replaced = await createBackup({ connection, dir: options.replacedBackupDir, withSecrets: true, method: "copy" });
  }
  const dir = options.migrationsDir ?? migrationsDir();
  const subset = manifest.method === "copy" ? await backupMigrationsDir(manifest, dir) : null;
  // The database holds no data by now (or --replace allowed overwriting it): its schema, whatever
  // version made it, goes, and the backup's own version of it is built.
  {
    const runner = await connection.scriptRunner();
    try {
      // As a new database has it (PostgreSQL 15+): owned by the database's owner, usable by everyone.
      await runner.exec(
        `DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public AUTHORIZATION ` +
          `pg_database_owner; GRANT USAGE ON SCHEMA public TO PUBLIC;`,
      );
    } finally {
      await runner.close();
    }
  }
  let tables: Record<string, TableStat>;
  try {
    if (subset) {
      await migrateWith(() => connection.scriptRunner(), subset);
      tables = await connection.transaction("write", (tx) => loadCopyParts(tx, manifest, parts));
    } else {
      await runPgRestore(connection.url!, parts.get(PG_DUMP_PART)!);
      tables = await connection.transaction("read", async (tx) => {
        await setStableOutput(tx);
        const found = await readTableStats(tx, await listTables(tx));
        compareWithManifest(manifest, found);
        return found;
      });
    }
  } finally {
    if (subset) await rm(subset, { recursive: true, force: true });
  }
  // The planner's statistics, as a bulk load leaves none.
  const analyze = await connection.scriptRunner();
  try {
    await analyze.exec("ANALYZE");
  } finally {
    await analyze.close();
  }
  const { applied } = await migrateWith(() => connection.scriptRunner(), dir, options.afterMigrations);
  if (!manifest.withSecrets && manifest.tables[SECRETS_TABLE]) {
    warnings.push(
      "the backup holds no keys (made without --with-secrets): the app makes new ones at its " +
        "start, so QR codes printed before no longer verify and a draw committed but not " +
        "revealed cannot be revealed, unless TICKET_QR_SECRET, DRAW_SEED_KEY and SIGNING_KEY are " +
        "set to the old keys or a backup made --with-secrets is restored",
    );
  }
  return { manifest, tables, applied, replaced, warnings };
}
