// How the Activity Log shows an audit row: who acted, one sentence per action (from the action
// list, lib/audit-actions.ts), and the row's before/after as labelled, formatted fields. A row
// whose action is not in the list, or whose details do not match its schema, still shows: a
// plain sentence naming the action, and its fields as recorded.
import { AUDIT_ACTIONS, auditActionLabel, isAuditAction } from "@/lib/audit-actions";
import { formatDateTime, formatPeso, paymentMethodLabel } from "@/lib/format";
import type { AuditEntry } from "@/lib/schemas/audit";

export { auditActionLabel as actionLabel };

type EntryHead = Pick<AuditEntry, "action" | "actor_email" | "actor_name" | "entity_type" | "entity_id" | "subject">;

/** Who acted: their display name, else their address, else the server itself (start-up, the users CLI). */
export function actorName(entry: Pick<AuditEntry, "actor_email" | "actor_name">): string {
  if (entry.actor_name?.trim()) return entry.actor_name.trim();
  return actorAddress(entry);
}

/** The acting address as the Activity Log's User filter lists it: 'System (cli)' for system actors. */
export function actorAddress(entry: Pick<AuditEntry, "actor_email">): string {
  if (!entry.actor_email) return "System";
  if (entry.actor_email.startsWith("system:")) return `System (${entry.actor_email.slice("system:".length)})`;
  return entry.actor_email;
}

/** What the row is about: a control number, an address, a range ('1–500'). */
export function subjectOf(entry: Pick<AuditEntry, "entity_type" | "entity_id" | "subject">): string {
  if (entry.entity_type === "settings") return "the settings";
  if (entry.entity_type === "ticket_range" && entry.entity_id) return entry.entity_id.replace("-", "–");
  return entry.subject ?? entry.entity_id ?? entry.entity_type;
}

/** 'Ana registered B2K-123-00042 to J*** D***'; for an unknown action, 'Ana: ticket.reprint_v9 (B2K-123-00042)'. */
export function activitySentence(entry: EntryHead & Pick<AuditEntry, "before" | "after">): string {
  const actor = actorName(entry);
  const subject = subjectOf(entry);
  if (isAuditAction(entry.action)) {
    const spec = AUDIT_ACTIONS[entry.action];
    const detail = spec.detail.safeParse({ before: entry.before ?? undefined, after: entry.after ?? undefined });
    // Each sentence takes the detail its own schema parsed; TypeScript cannot pair them through the union.
    if (detail.success)
      return (spec.sentence as (row: { actor: string; subject: string; detail: unknown }) => string)({
        actor,
        subject,
        detail: detail.data,
      });
  }
  return `${actor}: ${auditActionLabel(entry.action)} (${subject})`;
}

/** Fields that say nothing a person needs (ids, timestamps, the actor again). */
const NOISE = new Set([
  "id",
  "created_at",
  "updated_at",
  "created_by_id",
  "registered_by_id",
  "registered_at",
  "ticket_number",
  "ticket_id",
  "creator_email",
  "creator_name",
  "event_name",
  "is_registered",
  "message_id",
]);

/** What a person looks for first; other fields follow in their stored order. */
const FIRST_FIELDS = [
  "buyer_name",
  "phone_number",
  "email",
  "address",
  "payment_method",
  "gcash_reference",
  "payment_reference",
  "amount",
  "status",
  "control_number",
];
const rank = (field: string) => {
  const i = FIRST_FIELDS.indexOf(field);
  return i === -1 ? FIRST_FIELDS.length : i;
};

const FIELD_LABELS: Record<string, string> = {
  buyer_name: "Buyer name",
  phone_number: "Phone",
  email: "E-mail",
  address: "Address",
  payment_method: "Payment method",
  gcash_reference: "GCash reference",
  payment_reference: "Payment reference",
  amount: "Amount",
  status: "Status",
  control_number: "Control number",
  last_5_digits: "Last 5 digits",
  user_id: "User ID",
  userId: "User ID",
  creation_source: "Created by",
  file_name: "File",
  file_size: "Size",
  content_type: "Type",
  to: "Sent to",
  via: "Sent by",
  displayName: "Display name",
  isAdmin: "Administrator",
  isDisabled: "Disabled",
  method: "Signed in with",
  created: "Created",
  skipped: "Skipped",
  registered: "Registered",
  total: "Rows read",
  errors: "Rows with errors",
  importedBy: "Imported by",
  ticket_price: "Ticket price",
  max_ticket_limit: "Maximum ticket limit",
  site_name: "Site name",
  site_description: "Site description",
  primary_color: "Primary color",
  dark_mode: "Dark mode",
  email_notifications: "E-mail notifications",
  sms_notifications: "SMS notifications",
  push_notifications: "Push notifications",
  require_email_verification: "E-mail verification",
  enable_two_factor: "Two-factor authentication",
  session_timeout: "Session timeout (minutes)",
  api_rate_limit: "API rate limit (a minute)",
  enable_api_logging: "API logging",
};

/** 'payment_reference' → 'Payment reference', 'qrVersion' → 'Qr version'. */
function humanize(field: string): string {
  const words = field
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? humanize(field);

const MONEY_FIELDS = new Set(["amount", "ticket_price"]);
const TICKET_NUMBER_RANGE_FIELDS = new Set(["created", "skipped", "registered"]);
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isRangeList = (v: unknown): v is [number, number][] =>
  Array.isArray(v) && v.every((r) => Array.isArray(r) && r.length === 2 && r.every((n) => typeof n === "number"));
const ticketNumber = (n: number) => String(n).padStart(5, "0");

/** A recorded value as a person reads it; null for nothing. */
export function displayValue(value: unknown, field = "", timeZone = "UTC"): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (MONEY_FIELDS.has(field) && (typeof value === "number" || typeof value === "string")) return formatPeso(value);
  if (field === "payment_method" && typeof value === "string") return paymentMethodLabel(value);
  if (field === "file_size" && typeof value === "number") return `${(value / 1024).toFixed(1)} KB`;
  if (field === "via" && typeof value === "string")
    return value === "file" ? "Outbox folder" : value === "smtp" ? "E-mail server" : value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string")
    return ISO_TIME.test(value) ? formatDateTime(value, timeZone, "MMM d, yyyy h:mm:ss a") : value;
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (isRangeList(value)) {
    if (value.length === 0) return "none";
    const format = TICKET_NUMBER_RANGE_FIELDS.has(field) ? ticketNumber : (n: number) => n.toLocaleString("en-US");
    return value
      .map(([first, last]) => (first === last ? format(first) : `${format(first)}–${format(last)}`))
      .join(", ");
  }
  if (Array.isArray(value)) return value.map((v) => displayValue(v, "", timeZone) ?? "—").join(", ");
  if (isRecord(value))
    return Object.entries(value)
      .map(([k, v]) => `${fieldLabel(k)}: ${displayValue(v, k, timeZone) ?? "—"}`)
      .join("; ");
  return String(value);
}

export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
  /** An e-mail address: shown whole on one line. */
  isEmail: boolean;
}

/**
 * The fields a row changed: for an edit, those whose value differs; for a creation (after only)
 * or a deletion (before only), the fields that had a value.
 */
export function fieldChanges(before: unknown, after: unknown, timeZone = "UTC"): FieldChange[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((f) => !NOISE.has(f))
    .sort((x, y) => rank(x) - rank(y));
  const isEdit = isRecord(before) && isRecord(after);
  return fields
    .map((field) => {
      const change = {
        field,
        label: fieldLabel(field),
        before: displayValue(b[field], field, timeZone),
        after: displayValue(a[field], field, timeZone),
      };
      return { ...change, isEmail: [change.before, change.after].some((v) => v !== null && EMAIL_ADDRESS.test(v)) };
    })
    .filter((c) => (isEdit ? c.before !== c.after : c.before !== null || c.after !== null));
}
