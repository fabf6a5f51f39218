// The purge reminder's rule (issue 24, docs/decisions/148), one home for the server (Close-out's
// view) and its tests: after Close, once `retention_months` calendar months have passed and the
// personal data is still there, administrators are reminded to remove it. 0 months = no reminder.
import { addMonths } from "date-fns/addMonths";

/**
 * What the Close-out screen says beside the archive's attachments checkbox. Here, with the other
 * personal-data rules, not in the close-out schema: the screen would carry zod for a sentence.
 */
export const ATTACHMENTS_WARNING =
  "Attachments hold personal data (buyers' proofs of payment, disqualification and settlement evidence). " +
  "Include them only if you must keep them, and store the archive where personal data may be kept.";

export interface PurgeReminder {
  /** The setting, in months (0 = no reminder). */
  retentionMonths: number;
  /** When the reminder starts: Close plus the retention period; null when there is nothing to remind of. */
  purgeDueAt: string | null;
  /** The period has passed, the raffle is still closed and the personal data is still there. */
  isPurgeDue: boolean;
}

/** "1 month", "36 months". */
export const monthsText = (n: number) => `${n} month${n === 1 ? "" : "s"}`;

/**
 * Whether a reminder date has come: the server answers `isPurgeDue` with it, and a page left open
 * past the date (the Overview on a wall screen) asks it again with its own clock.
 */
export const isReminderDue = (purgeDueAt: string | null, now: Date) =>
  purgeDueAt !== null && now.getTime() >= Date.parse(purgeDueAt);

export function purgeReminder(options: {
  retentionMonths: number;
  closedAt: Date | null;
  purgedAt: Date | null;
  now: Date;
}): PurgeReminder {
  const { retentionMonths, closedAt, purgedAt, now } = options;
  if (retentionMonths <= 0 || !closedAt || purgedAt) return { retentionMonths, purgeDueAt: null, isPurgeDue: false };
  const purgeDueAt = addMonths(closedAt, retentionMonths).toISOString();
  return { retentionMonths, purgeDueAt, isPurgeDue: isReminderDue(purgeDueAt, now) };
}
