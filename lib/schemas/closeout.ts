// Close-out's API contract (issue 24, docs/decisions/130-133): close, reopen and purge, each with a
// typed confirmation; and the shapes the API answers with. Used by the route handlers and the Close-out screen.
import { z } from "zod";
import type { RaffleStatus } from "@/lib/draw";
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

/** One unmet condition of Close: a stable id, a sentence, and the screen where it is fixed. */
export interface CloseoutItem {
  item:
    | "winners_published"
    | "prizes_settled"
    | "seller_balances"
    | "unmatched_lines"
    | "mismatched_lines"
    | "duplicate_lines"
    | "unverified_payments"
    | "awaiting_statement";
  message: string;
  href: string;
}

export interface ArchiveRecord {
  id: string;
  sha256: string;
  sizeBytes: number;
  raffleStatus: RaffleStatus;
  downloadedAt: string;
}

export interface CloseoutView {
  status: RaffleStatus;
  closedAt: string | null;
  purgedAt: string | null;
  /** Unmet conditions of Close (empty when it may close, and once closed). */
  blocking: CloseoutItem[];
  /** Archives downloaded while the raffle was closed (Purge needs one). */
  archives: ArchiveRecord[];
  /** The retention reminder (docs/decisions/148): when removing personal data is due. */
  retention: PurgeReminder;
}

export interface PurgeCounts {
  tickets: number;
  /** Remittance notes and winner events' notes whose buyers' names, phones or e-mails were masked (issue 37). */
  notes: number;
  payments: number;
  attachments: number;
  /** Disqualification evidence files removed (their rows and SHA-256 stay). */
  evidenceFiles: number;
  /** Statement lines whose description (payer's name, number) was removed (decision 136). */
  statementLines: number;
  /** Audit rows whose details were masked. */
  auditRows: number;
  /** `.eml` copies of e-mailed tickets deleted from the outbox folder (no SMTP server set; decision 171). */
  outboxMessages: number;
}
