// How the Activity Log shows audit rows: a label per action, and a row's before/after as the
// list of fields that changed. Actions added later show under their own name.

const ACTION_LABELS: Record<string, string> = {
  "ticket.generate": "Generated ticket",
  "ticket.custom_range": "Generated custom range",
  "ticket.update": "Edited ticket",
  "ticket.register": "Registered ticket",
  "ticket.delete": "Deleted ticket",
  "user.create": "Added user",
  "user.promote": "Granted admin access",
  "user.demote": "Removed admin access",
  "user.disable": "Disabled user",
  "user.enable": "Enabled user",
  "user.delete": "Deleted user",
  "user.sign_in": "Signed in",
  "settings.update": "Changed settings",
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Fields that say nothing a person needs (ids, timestamps, the actor again). */
const NOISE = new Set(["id", "created_at", "updated_at", "created_by_id", "registered_at", "ticket_number", "creator_email", "creator_name", "event_name"]);

/** What a person looks for first; other fields follow in their stored order. */
const FIRST_FIELDS = ["buyer_name", "phone_number", "email", "address", "payment_method", "amount", "status", "control_number"];
const rank = (field: string) => {
  const i = FIRST_FIELDS.indexOf(field);
  return i === -1 ? FIRST_FIELDS.length : i;
};

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function displayValue(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * The fields a row changed: for an edit, those whose value differs; for a creation (after only)
 * or a deletion (before only), the fields that had a value.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !NOISE.has(f)).sort((x, y) => rank(x) - rank(y));
  const isEdit = isRecord(before) && isRecord(after);
  return fields
    .map((field) => ({ field, before: displayValue(b[field]), after: displayValue(a[field]) }))
    .filter((c) => (isEdit ? c.before !== c.after : c.before !== null || c.after !== null));
}
