// The Activity Log's filters (GET /api/audit and /api/audit/export), shared by the tab's URL
// state and the route handlers. Dates are calendar days in the raffle's timezone.
import { z } from "zod";

export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_MESSAGES = {
  page: "page must be a whole number from 1",
  date: (name: string) => `${name} must be a date written YYYY-MM-DD`,
  range: "from must be on or before to",
  text: (name: string) => `${name} must be at most 320 characters`,
} as const;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const isoDate = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) =>
          /^\d{4}-\d{2}-\d{2}$/.test(v) &&
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        AUDIT_MESSAGES.date(name),
      )
      .optional(),
  );

const text = (name: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(320, AUDIT_MESSAGES.text(name)).optional());

const filterFields = {
  /** An action name, e.g. `ticket.register`. */
  action: text("action"),
  /** The acting user's email (or a system actor such as `system:cli`). */
  actor: text("actor"),
  from: isoDate("from"),
  to: isoDate("to"),
};

const rangeIsOrdered = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;

export const auditFiltersSchema = z
  .object(filterFields)
  .refine(rangeIsOrdered, { message: AUDIT_MESSAGES.range, path: ["from"] });
export type AuditFilters = z.output<typeof auditFiltersSchema>;

export const auditListQuerySchema = z
  .object({
    ...filterFields,
    page: z.preprocess(
      (v) => (blankToUndefined(v) === undefined ? undefined : Number(v)),
      z
        .number({ error: AUDIT_MESSAGES.page })
        .int(AUDIT_MESSAGES.page)
        .min(1, AUDIT_MESSAGES.page)
        .max(1_000_000, AUDIT_MESSAGES.page)
        .default(1),
    ),
  })
  .refine(rangeIsOrdered, { message: AUDIT_MESSAGES.range, path: ["from"] });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** One row of GET /api/audit (server/activity/activity-rows.ts reads it; the Activity Log shows it). */
export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** The acting user's display name as it is now (null for system actors, deleted users, or none set). */
  actor_name: z.string().nullable(),
  /** An action of lib/audit-actions.ts, or a name a newer or older version wrote. */
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** What the row is about, readably: a ticket's control number, a user's email, a range. */
  subject: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of GET /api/audit. */
export const auditPageSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  timezone: z.string(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A checkpoint of the audit log (POST /api/audit/checkpoints; docs/decisions/062). */
export const auditCheckpointSchema = z.object({
  id: z.number().int(),
  /** The last audit row covered: every row with an id up to it, in id order. */
  upToId: z.number().int(),
  count: z.number().int(),
  /** SHA-256 (hex) of the covered rows, one canonical JSON line each. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.string(),
});
export type AuditCheckpoint = z.output<typeof auditCheckpointSchema>;

/** GET /api/audit/checkpoints/{id}/verify: the same sum recomputed now. */
export const auditCheckpointVerificationSchema = z.object({
  ok: z.boolean(),
  count: z.number().int(),
  sha256: z.string(),
  checkpoint: auditCheckpointSchema,
  /** A purge of personal data after the checkpoint masked the rows it covers (docs/decisions/147). */
  maskedByPurgeAt: z.iso.datetime({ offset: true }).nullable(),
});
export const auditCheckpointVerifiedSchema = auditCheckpointVerificationSchema.extend({ success: z.literal(true) });
export type AuditCheckpointVerified = z.infer<typeof auditCheckpointVerifiedSchema>;

/** POST /api/audit/checkpoints (201). */
export const auditCheckpointSavedSchema = auditCheckpointSchema.extend({ success: z.literal(true) });
export type AuditCheckpointSaved = z.infer<typeof auditCheckpointSavedSchema>;

/** GET /api/audit/filters: the actions and actors the log holds. */
export const auditFiltersAnswerSchema = z.object({
  success: z.literal(true),
  actions: z.array(z.string()),
  actors: z.array(z.string()),
});
export type AuditFiltersAnswer = z.infer<typeof auditFiltersAnswerSchema>;

export const auditCheckpointParamsSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, "id must be a checkpoint number"),
});
