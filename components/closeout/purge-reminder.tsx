"use client";

// The retention reminder (issue 24, docs/decisions/148): once the retention period after Close has
// passed and buyers' personal data is still kept, administrators see it on the Overview and on the
// Close-out page, with the way to act. Nothing shows otherwise.
import { Link } from "@/components/ui/link";
import { CalendarClock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { useCloseout } from "@/lib/queries/closeout";
import { useRaffleTimezone } from "@/lib/queries/settings";
import { isReminderDue, monthsText, type PurgeReminder } from "@/lib/retention";

export function PurgeReminderNotice({ retention, showLink }: { retention: PurgeReminder; showLink: boolean }) {
  const timeZone = useRaffleTimezone();
  // The server's answer, or the page's own clock once the date has come while it was open.
  if (!retention.purgeDueAt || !(retention.isPurgeDue || isReminderDue(retention.purgeDueAt, new Date()))) return null;
  return (
    <section
      role="region"
      aria-label="Retention reminder"
      className={
        "flex flex-col gap-3 rounded-lg border border-amber-600/60 bg-amber-50 p-4 text-amber-950 " +
        "sm:flex-row sm:items-center sm:justify-between dark:bg-amber-950/40 dark:text-amber-100"
      }
    >
      <p className="flex gap-2">
        <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          The retention period ({monthsText(retention.retentionMonths)} after Close) ended on{" "}
          {formatDateTime(retention.purgeDueAt, timeZone, "MMM d, yyyy")}: remove buyers&apos; personal data now that
          the archive keeps the records.
        </span>
      </p>
      {showLink && (
        <Button variant="outline" size="sm" asChild>
          <Link href="/dashboard/closeout">Go to Close-out</Link>
        </Button>
      )}
    </section>
  );
}

/** The Overview's banner (administrators only: the close-out view is theirs). */
export function PurgeReminderBanner() {
  const closeout = useCloseout();
  if (!closeout.data) return null;
  return <PurgeReminderNotice retention={closeout.data.retention} showLink />;
}
