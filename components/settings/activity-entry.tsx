"use client";

import { useState } from "react";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { fieldChanges } from "@/lib/activity";
import type { AuditEntry } from "@/lib/schemas/audit";

/** How many changed fields a row shows before "Show all". */
const FIRST_CHANGES = 4;

/** A row's before → after, field by field. */
export function ActivityChanges({ entry }: { entry: AuditEntry }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = isExpanded ? changes : changes.slice(0, FIRST_CHANGES);
  return (
    <div className="space-y-1">
      <ul className="space-y-0.5">
        {shown.map((c) => (
          <li key={c.field} className="text-xs break-words">
            <span className="font-medium">{c.field}</span>:{" "}
            {c.before !== null && <span className="text-muted-foreground line-through decoration-muted-foreground/60">{c.before}</span>}
            {c.before !== null && c.after !== null && <ArrowRight className="mx-1 inline size-3 text-muted-foreground" aria-label="changed to" />}
            {c.after !== null && <span>{c.after}</span>}
            {c.before !== null && c.after === null && <span className="ml-1 text-muted-foreground">(removed)</span>}
          </li>
        ))}
      </ul>
      {changes.length > FIRST_CHANGES && (
        <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => setIsExpanded(!isExpanded)} aria-expanded={isExpanded}>
          {isExpanded ? "Show less" : `Show all ${changes.length}`}
        </Button>
      )}
    </div>
  );
}

/** Who acted: the user's email, or the server itself (start-up, the users CLI). */
export function actorLabel(entry: Pick<AuditEntry, "actor_email">): string {
  if (!entry.actor_email) return "System";
  if (entry.actor_email.startsWith("system:")) return `System (${entry.actor_email.slice("system:".length)})`;
  return entry.actor_email;
}

/** Which ticket, user or range the row is about. */
export function subjectLabel(entry: Pick<AuditEntry, "entity_type" | "entity_id" | "subject">): string {
  if (entry.entity_type === "settings") return "Site settings";
  const kind = entry.entity_type === "ticket" ? "Ticket" : entry.entity_type === "user" ? "User" : entry.entity_type === "ticket_range" ? "Range" : entry.entity_type;
  return `${kind} ${entry.subject ?? entry.entity_id ?? ""}`.trim();
}
