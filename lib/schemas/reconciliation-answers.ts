// Reconciliation's write and report answers (issue 21; issue 41's one contract per answer): a
// statement's preview and import, the line and payment decisions, the bank profiles and the
// reports. The read answers (imports, lines) sit beside the payloads in lib/schemas/reconciliation.ts.
import { z } from "zod";
import { LINE_STATES } from "@/lib/reconciliation-names";
import { columnMappingSchema } from "@/lib/schemas/reconciliation";

const instant = z.iso.datetime({ offset: true });
/** Pesos, two decimals, as a string. */
const pesos = z.string().regex(/^-?\d+\.\d{2}$/);

export const previewLineSchema = z.object({
  lineNo: z.number().int(),
  occurredAt: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  amount: pesos,
  wouldBe: z.enum([...LINE_STATES, "already_imported"]),
  paymentId: z.uuid().nullable(),
  /** Why, in words (the rule that decided it). */
  why: z.string(),
});
export type PreviewLine = z.infer<typeof previewLineSchema>;

/** POST /api/reconciliation/imports?preview=1 (200): what an import would do; nothing written. */
export const importPreviewSchema = z.object({
  lines: z.array(previewLineSchema),
  /** What the reading changed or assumed (a CSV read as Windows-1252, control characters removed). */
  warnings: z.array(z.string()),
  new: z.number().int(),
  skipped: z.number().int(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** POST /api/reconciliation/imports (201): the import's counts. */
export const importCommittedSchema = z.object({
  id: z.uuid(),
  lines: z.number().int(),
  new: z.number().int(),
  skipped: z.number().int(),
  matched: z.number().int(),
});
export type ImportCommitted = z.infer<typeof importCommittedSchema>;

/** POST /api/reconciliation/imports/{id}/discard. */
export const importDiscardedSchema = z.object({
  success: z.literal(true),
  id: z.uuid(),
  lines: z.number().int(),
  unverified: z.number().int(),
});
export type ImportDiscarded = z.infer<typeof importDiscardedSchema>;

/** POST /api/reconciliation/lines/{id}/match. */
export const lineMatchedSchema = z.object({
  success: z.literal(true),
  lineId: z.uuid(),
  state: z.literal("matched"),
  matchKind: z.string(),
  paymentId: z.uuid(),
  paymentStatus: z.string(),
});
export type LineMatched = z.infer<typeof lineMatchedSchema>;

/** POST /api/reconciliation/lines/{id}/ignore. */
export const lineIgnoredSchema = z.object({ success: z.literal(true), lineId: z.uuid(), state: z.literal("ignored") });
export type LineIgnored = z.infer<typeof lineIgnoredSchema>;

/** POST /api/reconciliation/payments/{id}/unverify: the payment back to claimed, its lines released. */
export const paymentUnverifiedSchema = z.object({
  success: z.literal(true),
  paymentId: z.uuid(),
  status: z.literal("claimed"),
  linesReleased: z.number().int(),
});
export type PaymentUnverified = z.infer<typeof paymentUnverifiedSchema>;

/** POST /api/reconciliation/payments/{id}/unsettle. */
export const paymentUnsettledSchema = z.object({ success: z.literal(true), paymentId: z.uuid() });
export type PaymentUnsettled = z.infer<typeof paymentUnsettledSchema>;

/** GET /api/reconciliation/profiles: each bank profile's saved column mapping. */
export const profilesAnswerSchema = z.object({
  profiles: z.array(z.object({ name: z.string(), mapping: columnMappingSchema })),
});
export type ProfilesAnswer = z.infer<typeof profilesAnswerSchema>;

/** A row of the Unverified claims report. */
export const unverifiedClaimSchema = z.object({
  paymentId: z.uuid(),
  /** gcash | bank_transfer (issue 37: bank transfers are checked too). */
  method: z.string(),
  reference: z.string().nullable(),
  amount: pesos,
  controlNumbers: z.array(z.string()),
  paidAt: instant,
  collectedBy: z.string().nullable(),
  payerName: z.string().nullable(),
});
export type UnverifiedClaim = z.infer<typeof unverifiedClaimSchema>;

/** A row of the line reports (unmatched, mismatches, duplicates, matched). */
export const lineReportRowSchema = z.object({
  lineId: z.uuid(),
  importId: z.uuid(),
  accountLabel: z.string(),
  occurredAt: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  amount: pesos,
  state: z.string(),
  matchKind: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  paymentAmount: pesos.nullable(),
  controlNumbers: z.array(z.string()),
  note: z.string().nullable(),
});
export type LineReportRow = z.infer<typeof lineReportRowSchema>;

const reportOf = (row: z.ZodType) => z.object({ rows: z.array(row), count: z.number().int(), total: pesos });
/** GET /api/reconciliation/reports/unverified-claims. */
export const unverifiedClaimsReportSchema = reportOf(unverifiedClaimSchema);
/** GET /api/reconciliation/reports/{unmatched|mismatches|duplicates|matched}. */
export const lineReportSchema = reportOf(lineReportRowSchema);

/** POST /api/reconciliation/payments/{id}/settle: settled by hand, with the evidence file if one came. */
export const paymentSettledSchema = z.object({
  success: z.literal(true),
  paymentId: z.uuid(),
  state: z.literal("settled_by_hand"),
  evidence: z
    .object({
      id: z.uuid(),
      fileName: z.string(),
      contentType: z.string(),
      fileSize: z.number().int(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .nullable(),
});
export type PaymentSettled = z.infer<typeof paymentSettledSchema>;
