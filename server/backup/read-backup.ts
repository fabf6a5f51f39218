import "server-only";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { manifestSchema, type BackupManifest } from "@/server/backup/manifest";
import { readTar } from "@/server/backup/tar";

export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFileError";
  }
}

export interface OpenedBackup {
  manifest: BackupManifest;
  parts: Map<string, Buffer>;
}

/** Reads a backup file and checks it whole: the manifest's shape, then every part's size and SHA-256. */
export async function readBackup(file: string): Promise<OpenedBackup> {
  let raw: Buffer;
  try {
    raw = await readFile(file);
  } catch (error) {
    throw new BackupFileError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let tar: Buffer;
  try {
    tar = await promisify(gunzip)(raw);
  } catch {
    throw new BackupFileError(`${file} is not a backup file (not gzip, or cut short)`);
  }
  const entries = readTar(tar);
  if (entries[0]?.name !== "manifest.json")
    throw new BackupFileError(`${file} is not a backup file (no manifest.json first)`);
  let json: unknown;
  try {
    json = JSON.parse(entries[0].data.toString("utf8"));
  } catch {
    throw new BackupFileError(`${file}: manifest.json is not JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupFileError(
      `${file}: the manifest is not one this version reads (${issue.path.join(".") || "manifest"}: ${issue.message})`,
    );
  }
  const manifest = parsed.data;
  const parts = new Map(entries.slice(1).map((e) => [e.name, e.data]));
  for (const part of manifest.parts) {
    const data = parts.get(part.name);
    if (!data) throw new BackupFileError(`${file}: part ${part.name} is missing`);
    if (data.length !== part.bytes)
      throw new BackupFileError(`${file}: part ${part.name} is ${data.length} bytes, the manifest says ${part.bytes}`);
    const digest = createHash("sha256").update(data).digest("hex");
    if (digest !== part.sha256)
      throw new BackupFileError(
        `${file}: part ${part.name} does not match its SHA-256 in the manifest (the file is damaged)`,
      );
  }
  if (parts.size !== manifest.parts.length)
    throw new BackupFileError(`${file}: holds parts the manifest does not list`);
  return { manifest, parts };
}
