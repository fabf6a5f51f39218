import "server-only";
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { BackupConnection, BackupTx } from "@/server/backup/connection";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  EMPTY_TABLE_CHECKSUM,
  PG_DUMP_PART,
  SECRETS_TABLE,
  tablePart,
  type BackupManifest,
} from "@/server/backup/manifest";
import {
  listTables,
  readAppliedMigrations,
  readSequences,
  readTableStats,
  setStableOutput,
} from "@/server/backup/table-stats";
import { writeTar, type TarEntry } from "@/server/backup/tar";

export interface CreateBackupOptions {
  connection: BackupConnection;
  /** The folder the file goes into (made if missing). */
  dir: string;
  /** Include the installation's keys (installation_secrets). */
  withSecrets?: boolean;
  /** "auto" files are the ones the automatic backups prune. */
  kind?: "manual" | "auto";
  /** PostgreSQL: "copy" skips pg_dump even where it is installed. */
  method?: "auto" | "copy";
  now?: Date;
}

export interface CreatedBackup {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  ms: number;
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

export async function appVersion(): Promise<{ name: string; version: string }> {
  try {
    const pkg = JSON.parse(await readFile(path.join(process.cwd(), "package.json"), "utf8")) as {
      name?: string;
      version?: string;
    };
    return { name: pkg.name ?? "raffle-dashboard", version: pkg.version ?? "unknown" };
  } catch {
    return { name: "raffle-dashboard", version: "unknown" };
  }
}

/** raffle-2026-12-01T23-10-20Z(-auto).tar.gz: UTC, so names sort in time order wherever they are read. */
export function backupFileName(at: Date, kind: "manual" | "auto") {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return `raffle-${stamp}${kind === "auto" ? "-auto" : ""}.tar.gz`;
}

/** pg_dump's path when it is installed and can dump this server (it refuses servers newer than itself). */
function usablePgDump(serverVersionNum: number): { ok: true } | { ok: false; note: string } {
  const probe = spawnSync("pg_dump", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0)
    return { ok: false, note: "pg_dump is not installed: every table was copied in one transaction instead" };
  const major = Number(/(\d+)(?:\.\d+)?/.exec(probe.stdout)?.[1] ?? 0);
  if (major * 10000 < Math.floor(serverVersionNum / 10000) * 10000) {
    return {
      ok: false,
      note:
        `pg_dump ${major} is older than the server ` +
        `(${Math.floor(serverVersionNum / 10000)}): every table was copied in one ` +
        `transaction instead`,
    };
  }
  return { ok: true };
}

function runPgDump(url: string, snapshot: string, file: string, withSecrets: boolean): Promise<void> {
  const args = [
    "--format=custom",
    `--snapshot=${snapshot}`,
    "--no-owner",
    "--no-privileges",
    `--file=${file}`,
    `--dbname=${url}`,
  ];
  if (!withSecrets) args.push(`--exclude-table-data=public.${SECRETS_TABLE}`);
  return new Promise((resolve, reject) => {
    const child = spawn("pg_dump", args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_dump failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
}

async function snapshotParts(tx: BackupTx, options: CreateBackupOptions, connection: BackupConnection) {
  await setStableOutput(tx);
  const tables = await listTables(tx);
  const migrations = await readAppliedMigrations(tx);
  const sequences = await readSequences(tx);
  const stats = await readTableStats(tx, tables);
  if (!options.withSecrets && stats[SECRETS_TABLE]) stats[SECRETS_TABLE] = { rows: 0, checksum: EMPTY_TABLE_CHECKSUM };
  const parts: TarEntry[] = [];
  let method: BackupManifest["method"] = "copy";
  let methodNote: string | undefined;
  if (connection.engine === "postgresql" && options.method !== "copy") {
    const [{ v }] = await tx.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
    const usable = usablePgDump(Number(v));
    if (usable.ok) {
      const [{ snapshot }] = await tx.query<{ snapshot: string }>(`SELECT pg_export_snapshot() AS snapshot`);
      const tmp = path.join(tmpdir(), `raffle-backup-${randomBytes(6).toString("hex")}.pgdump`);
      try {
        await runPgDump(connection.url!, snapshot, tmp, Boolean(options.withSecrets));
        parts.push({ name: PG_DUMP_PART, data: await readFile(tmp) });
        method = "pg_dump";
      } finally {
        await rm(tmp, { force: true });
      }
    } else methodNote = usable.note;
  }
  if (method === "copy") {
    for (const table of tables) {
      if (table === SECRETS_TABLE && !options.withSecrets) continue;
      parts.push({ name: tablePart(table), data: await tx.copyOut(table) });
    }
  }
  return { tables, migrations, sequences, stats, parts, method, methodNote };
}

/**
 * One file holding the whole database as it was at one instant (one transaction), while the app
 * keeps serving: manifest.json first, then the parts. Written under a temporary name and renamed,
 * so a file named raffle-*.tar.gz is always complete.
 */
export async function createBackup(options: CreateBackupOptions): Promise<CreatedBackup> {
  const started = Date.now();
  const { connection } = options;
  const snap = await connection.transaction("read", (tx) => snapshotParts(tx, options, connection));
  const at = options.now ?? new Date();
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    app: await appVersion(),
    createdAt: at.toISOString(),
    engine: connection.engine,
    method: snap.method,
    ...(snap.methodNote ? { methodNote: snap.methodNote } : {}),
    migrations: snap.migrations,
    lastMigration: snap.migrations.at(-1)?.name ?? null,
    withSecrets: Boolean(options.withSecrets),
    tables: snap.stats,
    sequences: snap.sequences,
    parts: snap.parts.map((p) => ({ name: p.name, bytes: p.data.length, sha256: sha256(p.data) })),
  };
  const tar = writeTar(
    [{ name: "manifest.json", data: Buffer.from(JSON.stringify(manifest, null, 2)) }, ...snap.parts],
    at.getTime(),
  );
  const compressed = await promisify(gzip)(tar, { level: 6 });
  await mkdir(options.dir, { recursive: true });
  const file = path.join(options.dir, backupFileName(at, options.kind ?? "manual"));
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  await writeFile(partial, compressed, { mode: 0o600 });
  await rename(partial, file);
  return { file, bytes: compressed.length, manifest, ms: Date.now() - started };
}
