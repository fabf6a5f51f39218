import "server-only";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { env, type Env } from "@/server/env";

/** BACKUP_DIR, else `backups/` in the embedded database's folder (./data/backups), else ./backups. */
export function backupDir(e: Env = env()): string {
  if (e.BACKUP_DIR) return path.resolve(e.BACKUP_DIR);
  if (e.DATABASE_URL || e.PGLITE_DIR.startsWith("memory://")) return path.resolve("backups");
  return path.resolve(e.PGLITE_DIR, "backups");
}

const NAME = /^raffle-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)(-auto)?\.tar\.gz$/;

export interface BackupFileInfo {
  name: string;
  file: string;
  createdAt: string;
  bytes: number;
  automatic: boolean;
}

/** The folder's backup files, newest first (partial files and anything else are not listed). */
export async function listBackups(dir = backupDir()): Promise<BackupFileInfo[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found: BackupFileInfo[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    const s = await stat(file).catch(() => null);
    if (!s?.isFile()) continue;
    const createdAt = m[1].replace(/T(\d{2})-(\d{2})-(\d{2})Z$/, "T$1:$2:$3.000Z");
    found.push({ name, file, createdAt, bytes: s.size, automatic: Boolean(m[2]) });
  }
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/** Keeps the newest `keep` automatic backups; files made by `npm run backup` are never removed. */
export async function pruneAutomaticBackups(keep: number, dir = backupDir()): Promise<string[]> {
  const old = (await listBackups(dir)).filter((b) => b.automatic).slice(keep);
  for (const b of old) await rm(b.file, { force: true });
  return old.map((b) => b.name);
}
