import "server-only";
import type { BackupStatus } from "@/lib/schemas/backup";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { listBackups } from "@/server/backup/backup-files";
import { env } from "@/server/env";

/** The newest backup in the backup folder and the automatic backups' settings (administrators). */
export async function getBackupStatus(options: { principal: Principal }): Promise<BackupStatus> {
  requireAdmin(options.principal);
  const files = await listBackups();
  const e = env();
  const latest = files[0];
  return {
    latest: latest
      ? { name: latest.name, createdAt: latest.createdAt, bytes: latest.bytes, automatic: latest.automatic }
      : null,
    count: files.length,
    automatic: e.AUTO_BACKUP,
    everyHours: e.BACKUP_EVERY_HOURS,
    keep: e.BACKUP_KEEP,
  };
}
