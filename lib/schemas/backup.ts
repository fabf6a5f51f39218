import { z } from "zod";

// GET/POST /api/backups: the newest backup file and the automatic backups' settings (Settings and Close-out).

export const backupFileSchema = z.object({
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  bytes: z.number().int().min(0),
  automatic: z.boolean(),
});

export const backupStatusSchema = z.object({
  latest: backupFileSchema.nullable(),
  /** How many backup files the folder holds. */
  count: z.number().int().min(0),
  /** Automatic backups are on (the local run), every `everyHours`, the newest `keep` kept. */
  automatic: z.boolean(),
  everyHours: z.number(),
  keep: z.number().int(),
});

export type BackupFile = z.infer<typeof backupFileSchema>;
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** GET /api/backups and POST /api/backups. */
export const backupsAnswerSchema = z.object({ success: z.literal(true), backups: backupStatusSchema });
export type BackupsAnswer = z.infer<typeof backupsAnswerSchema>;
