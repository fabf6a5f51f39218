// Backups' calls (docs/api.md, Backups): the newest backup, Back up now, and its download.
import { apiRequest, download } from "@/lib/api-client";
import type { BackupStatus } from "@/lib/schemas/backup";

export const backupsApi = {
  get: () => apiRequest<{ success: true; backups: BackupStatus }>("/backups"),
  create: () =>
    apiRequest<{ success: true; backups: BackupStatus }>("/backups", { method: "POST", timeoutMs: 300_000 }),
  /** The newest backup file as a Blob. */
  downloadLatest: () =>
    download("/backups/latest", {
      accept: "application/gzip",
      fallbackName: "raffle-backup.tar.gz",
      timeoutMs: 600_000,
    }),
};
