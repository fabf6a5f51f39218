import "server-only";
import type { BackupStatus } from "@/lib/schemas/backup";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { takeAppBackup } from "@/server/backup/backup-service";
import { getBackupStatus } from "@/server/backup/get-backup-status";

/** Settings' "Back up now": a backup into the backup folder, without the installation's keys (administrators). */
export async function takeBackupNow(options: { principal: Principal }): Promise<BackupStatus> {
  requireAdmin(options.principal);
  await takeAppBackup({ kind: "manual" });
  return getBackupStatus(options);
}
