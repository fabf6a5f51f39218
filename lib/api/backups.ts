// Backups' calls (docs/api.md, Backups): the newest backup, Back up now, and its download.
import { apiFetch, apiRequest } from "@/lib/api-client";
import type { BackupStatus } from "@/lib/schemas/backup";

export const backupsApi = {
  get: () => apiRequest<{ success: true; backups: BackupStatus }>("/backups"),
  create: () => apiRequest<{ success: true; backups: BackupStatus }>("/backups", { method: "POST", timeoutMs: 300_000 }),
  /** The newest backup file as a Blob. */
  downloadLatest: async () => {
    const res = await apiFetch("/backups/latest", { timeoutMs: 600_000 });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new Error(body?.message ?? `The download failed (${res.status})`);
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "raffle-backup.tar.gz";
    return { blob: await res.blob(), fileName: name };
  },
};
