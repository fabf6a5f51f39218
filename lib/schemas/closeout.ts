// Close-out's API contract (issue 24, docs/decisions/130-133): close, reopen and purge, each with a
// typed confirmation; and the shapes the API answers with. Used by the route handlers and the Close-out screen.
import { z } from "zod";
import { RAFFLE_STATUSES } from "@/lib/draw";
import type { PurgeReminder } from "@/lib/retention";
import { text, textRules } from "@/lib/schemas/text";

export const CLOSEOUT_MESSAGES = {
  confirmClose: "Type CLOSE to confirm",
  confirmPurge: "Type PURGE to confirm",
  reopenReason: "A reason of at least 10 characters is required to reopen",
} as const;

export const closeRaffleSchema = z.object({
  confirm: z
    .string({ error: CLOSEOUT_MESSAGES.confirmClose })
    .pipe(z.literal("CLOSE", { error: CLOSEOUT_MESSAGES.confirmClose })),
});
export type CloseRafflePayload = z.output<typeof closeRaffleSchema>;

export const reopenRaffleSchema = z.object({
  reason: textRules(text({ error: CLOSEOUT_MESSAGES.reopenReason }).trim().min(10, CLOSEOUT_MESSAGES.reopenReason), {
    label: "Reason",
    max: 500,
  }),
});
export type ReopenRafflePayload = z.output<typeof reopenRaffleSchema>;

export const purgeRaffleSchema = z.object({
  confirm: z
    .string({ error: CLOSEOUT_MESSAGES.confirmPurge })
    .pipe(z.literal("PURGE", { error: CLOSEOUT_MESSAGES.confirmPurge })),
});
export type PurgeRafflePayload = z.output<typeof purgeRaffleSchema>;

/**
 * POST /api/raffle/archive.zip?attachments=1 (docs/decisions/146): the stored files go in only when
 * asked, because they hold buyers' personal data. Off by default.
 */
export const archiveQuerySchema = z
  .object({ attachments: z.enum(["0", "1", "true", "false"], { error: "attachments must be 0 or 1" }).optional() })
  .transform((q) => ({ includeAttachments: q.attachments === "1" || q.attachments === "true" }));
export type ArchiveQuery = z.output<typeof archiveQuerySchema>;

const instant = z.iso.datetime({ offset: true });

export const CLOSEOUT_ITEMS = [
  "winners_published",
  "prizes_settled",
  "seller_balances",
  "unmatched_lines",
  "mismatched_lines",
  "duplicate_lines",
  "unverified_payments",
  "awaiting_statement",
] as const;

/** One unmet condition of Close: a stable id, a sentence, and the screen where it is fixed. */
export const closeoutItemSchema = z.object({ item: z.enum(CLOSEOUT_ITEMS), message: z.string(), href: z.string() });
export type CloseoutItem = z.infer<typeof closeoutItemSchema>;

export const archiveRecordSchema = z.object({
  id: z.uuid(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  sizeBytes: z.number().int(),
  raffleStatus: z.enum(RAFFLE_STATUSES),
  downloadedAt: instant,
});
export type ArchiveRecord = z.infer<typeof archiveRecordSchema>;

/** The retention reminder (docs/decisions/148), as lib/retention.ts computes it. */
export const purgeReminderSchema = z.object({
  /** The setting, in months (0 = no reminder). */
  retentionMonths: z.number().int(),
  /** When the reminder starts: Close plus the retention period; null when there is nothing to remind of. */
  purgeDueAt: instant.nullable(),
  /** The period has passed, the raffle is still closed and the personal data is still there. */
  isPurgeDue: z.boolean(),
}) satisfies z.ZodType<PurgeReminder>;

export const closeoutViewSchema = z.object({
  status: z.enum(RAFFLE_STATUSES),
  closedAt: instant.nullable(),
  purgedAt: instant.nullable(),
  /** Unmet conditions of Close (empty when it may close, and once closed). */
  blocking: z.array(closeoutItemSchema),
  /** Archives downloaded while the raffle was closed (Purge needs one). */
  archives: z.array(archiveRecordSchema),
  /** The retention reminder (docs/decisions/148): when removing personal data is due. */
  retention: purgeReminderSchema,
});
export type CloseoutView = z.infer<typeof closeoutViewSchema>;

export const purgeCountsSchema = z.object({
  tickets: z.number().int(),
  /** Remittance notes and winner events' notes whose buyers' names, phones or e-mails were masked (issue 37). */
  notes: z.number().int(),
  payments: z.number().int(),
  attachments: z.number().int(),
  /** Disqualification evidence files removed (their rows and SHA-256 stay). */
  evidenceFiles: z.number().int(),
  /** Statement lines whose description (payer's name, number) was removed (decision 136). */
  statementLines: z.number().int(),
  /** Audit rows whose details were masked. */
  auditRows: z.number().int(),
  /** `.eml` copies of e-mailed tickets deleted from the outbox folder (no SMTP server set; decision 171). */
  outboxMessages: z.number().int(),
});
export type PurgeCounts = z.infer<typeof purgeCountsSchema>;

/** GET /api/raffle/closeout. */
export const closeoutAnswerSchema = z.object({ success: z.literal(true), closeout: closeoutViewSchema });
export type CloseoutAnswer = z.infer<typeof closeoutAnswerSchema>;

/** POST /api/raffle/close and /reopen. */
export const closeoutSavedSchema = closeoutAnswerSchema.extend({ message: z.string() });
export type CloseoutSaved = z.infer<typeof closeoutSavedSchema>;

/** POST /api/raffle/purge: what was removed, and the view after. */
export const purgeAnswerSchema = closeoutSavedSchema.extend({ counts: purgeCountsSchema });
export type PurgeAnswer = z.infer<typeof purgeAnswerSchema>;
