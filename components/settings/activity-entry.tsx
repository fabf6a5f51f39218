"use client";

// One Activity Log row's parts: its sentence ('Ana registered B2K-123-00042 to J*** D***', from
// lib/audit-actions.ts through lib/activity.ts) and its details, field by field, labelled and
// formatted. E-mail addresses stay whole on one line.
import { useState } from "react";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { activitySentence, actorAddress, fieldChanges } from "@/lib/activity";
import type { AuditEntry } from "@/lib/schemas/audit";
import { cn } from "@/lib/utils";

/** How many changed fields a row shows before "Show all". */
const FIRST_CHANGES = 4;

/** An address kept on one line (cut with … only if it is wider than its box; the whole of it stays readable). */
export function EmailAddress({ value, className }: { value: string; className?: string }) {
  return (
    <span
      data-testid="email-address"
      title={value}
      className={cn("inline-block max-w-full truncate align-bottom whitespace-nowrap", className)}
    >
      {value}
    </span>
  );
}

/** The sentence, and who acted by address when the sentence names them by name. */
export function ActivitySummary({ entry }: { entry: AuditEntry }) {
  const address = actorAddress(entry);
  return (
    <div className="min-w-0 space-y-0.5">
      <p className="text-sm" data-testid="activity-sentence">
        {activitySentence(entry)}
      </p>
      {entry.actor_name && entry.actor_email && (
        <p className="text-xs text-muted-foreground">
          <EmailAddress value={address} />
        </p>
      )}
    </div>
  );
}

/** A row's before → after, field by field. */
export function ActivityChanges({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const changes = fieldChanges(entry.before, entry.after, timeZone);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = isExpanded ? changes : changes.slice(0, FIRST_CHANGES);
  const value = (text: string, isEmail: boolean) =>
    isEmail ? <EmailAddress value={text} /> : <span className="break-words">{text}</span>;
  return (
    <div className="space-y-1">
      <dl className="space-y-0.5 text-xs">
        {shown.map((c) => (
          <div key={c.field} className="flex min-w-0 flex-wrap items-baseline gap-x-1">
            <dt className="font-medium">{c.label}:</dt>
            <dd className="min-w-0">
              {c.before !== null && (
                <span className="text-muted-foreground line-through decoration-muted-foreground/60">
                  {value(c.before, c.isEmail)}
                </span>
              )}
              {c.before !== null && c.after !== null && (
                <ArrowRight className="mx-1 inline size-3 text-muted-foreground" aria-label="changed to" />
              )}
              {c.after !== null && value(c.after, c.isEmail)}
              {c.before !== null && c.after === null && <span className="ml-1 text-muted-foreground">(removed)</span>}
            </dd>
          </div>
        ))}
      </dl>
      {changes.length > FIRST_CHANGES && (
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          onClick={() => setIsExpanded(!isExpanded)}
          aria-expanded={isExpanded}
        >
          {isExpanded ? "Show less" : `Show all ${changes.length}`}
        </Button>
      )}
    </div>
  );
}
