import "server-only";
import { embeddedAppConnection, postgresConnection, type BackupConnection } from "@/server/backup/connection";
import { embeddedDatabasePool } from "@/server/db/client";
import { env } from "@/server/env";

/** The running app's own database, for backups taken while it serves (the owner's URL in the two-role setup). */
export function appBackupConnection(): BackupConnection {
  const e = env();
  if (e.DATABASE_URL) return postgresConnection(e.DATABASE_OWNER_URL ?? e.DATABASE_URL);
  const pool = embeddedDatabasePool();
  if (!pool) throw new Error("the embedded database is not open");
  return embeddedAppConnection(pool);
}
