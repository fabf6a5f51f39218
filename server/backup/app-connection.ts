import "server-only";
import { pgliteConnection, postgresConnection, type BackupConnection } from "@/server/backup/connection";
import { embeddedDatabase } from "@/server/db/client";
import { env } from "@/server/env";

/** The running app's own database, for backups taken while it serves (the owner's URL in the two-role setup). */
export function appBackupConnection(): BackupConnection {
  const e = env();
  if (e.DATABASE_URL) return postgresConnection(e.DATABASE_OWNER_URL ?? e.DATABASE_URL);
  const pglite = embeddedDatabase();
  if (!pglite) throw new Error("the embedded database is not open");
  return pgliteConnection(pglite);
}
