// The purge reminder's rule (issue 24, docs/decisions/148), one home for the server (Close-out's
// view) and its tests: after Close, once `retention_months` calendar months have passed and the
// personal data is still there, administrators are reminded to remove it. 0 months = no reminder.
import { addMonths } from "date-fns";

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

export function purgeReminder(options: { retentionMonths: number; closedAt: Date | null; purgedAt: Date | null; now: Date }): PurgeReminder {
  const { retentionMonths, closedAt, purgedAt, now } = options;
  if (retentionMonths <= 0 || !closedAt || purgedAt) return { retentionMonths, purgeDueAt: null, isPurgeDue: false };
  const due = addMonths(closedAt, retentionMonths);
  return { retentionMonths, purgeDueAt: due.toISOString(), isPurgeDue: now.getTime() >= due.getTime() };
}
