import "server-only";
import { z } from "zod";

// The backup file's manifest (manifest.json, the archive's first entry). Restore trusts nothing
// else: every part's SHA-256 is checked against it before anything is written.

export const BACKUP_FORMAT = "raffle-backup";
export const BACKUP_FORMAT_VERSION = 1;
/** The table whose rows are the installation's keys (server/secrets): in a backup only with --with-secrets. */
export const SECRETS_TABLE = "installation_secrets";

const stat = z.object({ rows: z.number().int().min(0), checksum: z.string().regex(/^[0-9a-f]{32}$/) });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime(),
  engine: z.enum(["pglite", "postgresql"]),
  /** copy: one COPY part per table (any engine restores it); pg_dump: a custom-format dump (pg_restore). */
  method: z.enum(["copy", "pg_dump"]),
  /** Why pg_dump was not used on PostgreSQL, when it was not. */
  methodNote: z.string().optional(),
  migrations: z.array(z.object({ name: z.string(), checksum: z.string() })),
  lastMigration: z.string().nullable(),
  withSecrets: z.boolean(),
  /** Row count and checksum of every table as the backup holds it (the secrets table empty without --with-secrets). */
  tables: z.record(z.string(), stat),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string().nullable(), isCalled: z.boolean() })),
  parts: z.array(
    z.object({ name: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** md5 of no rows at all: the checksum of an empty table. */
export const EMPTY_TABLE_CHECKSUM = "d41d8cd98f00b204e9800998ecf8427e";

export function tablePart(table: string) {
  return `tables/${table}.copy`;
}
export const PG_DUMP_PART = "database.pgdump";
