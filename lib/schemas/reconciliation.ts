// Reconciliation (issue 21; docs/decisions/110–119, docs/reconciliation.md): statement imports,
// their lines and states, the per-line decisions, and the five reports. One contract for the route
// handlers, the worker's parsers, the forms and the tests. Amounts travel as text with two decimals.
import { z } from "zod";
import { text, textRules } from "@/lib/schemas/text";
import {
  STATEMENT_KINDS,
  STATEMENT_KIND_LABELS,
  LINE_STATES,
  LINE_STATE_LABELS,
  BANK_PROFILES,
  STATEMENT_MAX_BYTES,
  STATEMENT_PARSE_LIMIT_MS,
  LINES_PAGE_SIZE,
  REPORT_NAMES,
  REPORT_LABELS,
  type StatementKind,
  type LineState,
  type ReportName,
} from "@/lib/reconciliation-names";

export {
  STATEMENT_KINDS,
  STATEMENT_KIND_LABELS,
  LINE_STATES,
  LINE_STATE_LABELS,
  BANK_PROFILES,
  STATEMENT_MAX_BYTES,
  STATEMENT_PARSE_LIMIT_MS,
  LINES_PAGE_SIZE,
  REPORT_NAMES,
  REPORT_LABELS,
};
export type { StatementKind, LineState, ReportName };

export const RECON_MESSAGES = {
  kind: `kind must be one of ${STATEMENT_KINDS.join(", ")}`,
  accountLabel: "An account label is required (e.g. 'GCash 0917 123 4567' or 'BDO savings 1234')",
  file: "A statement file is required in the field 'file'",
  mapping:
    "mapping must be JSON naming the file's columns: date, and amount or credit (debit, reference, " +
    "description optional)",
  mappingAmount: "Map either amount (one signed column) or credit (with debit if the bank has one), not both",
  passwordRequired: "This PDF is password-protected: enter its password",
  wrongPassword: "The password is not this PDF's",
  notGcash:
    "This PDF is not a GCash transaction history: no table with the columns Date and Time, Description, " +
    "Reference No., Debit, Credit, Balance",
  fileTooLarge: "A statement file may be at most 10 MB",
  commentRequired: "A comment is required to accept an amount that differs from the payment's",
  crossMethodComment: "A comment is required to match a line to a payment of another method",
  reasonRequired: "A reason is required",
  paymentId: "paymentId must be a payment id",
} as const;
const M = RECON_MESSAGES;

const label = textRules(text({ error: M.accountLabel }).trim().min(1, M.accountLabel), {
  label: "accountLabel",
  max: 100,
});
const column = textRules(text().trim().min(1), { label: "column", max: 200 });

/** Which column of a bank CSV holds what. Either `amount` (signed) or `credit` (+ `debit`). */
export const columnMappingSchema = z
  .object({
    date: column,
    description: column.optional(),
    reference: column.optional(),
    amount: column.optional(),
    credit: column.optional(),
    debit: column.optional(),
  })
  .strict()
  .refine((m) => (m.amount === undefined) !== (m.credit === undefined) && !(m.amount && m.debit), {
    message: M.mappingAmount,
  });
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

const reason = (max = 500) =>
  textRules(text({ error: M.reasonRequired }).trim().min(1, M.reasonRequired), {
    label: "reason",
    max,
    multiline: true,
  });

/** The multipart fields of POST /api/reconciliation/imports, besides `file`. */
export const importFieldsSchema = z.object({
  kind: z.enum(STATEMENT_KINDS, { error: M.kind }),
  accountLabel: label,
  /** A bank profile to save the mapping under (optional). */
  profile: z.enum(BANK_PROFILES).optional(),
  // Never stored or logged: handed to the parsing worker only.
  password: z.string().max(200).optional(),
  mapping: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: M.mapping });
        return z.NEVER;
      }
      const result = columnMappingSchema.safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? M.mapping });
        return z.NEVER;
      }
      return result.data;
    }),
});
export type ImportFields = z.infer<typeof importFieldsSchema>;

export const importQuerySchema = z
  .object({ preview: z.enum(["0", "1", "true", "false"]).optional() })
  .transform((q) => ({ preview: q.preview === "1" || q.preview === "true" }));

export const discardImportSchema = z.object({ reason: reason() });
export const ignoreLineSchema = z.object({ reason: reason() });
export const unverifyPaymentSchema = z.object({ reason: reason() });
export const matchLineSchema = z.object({
  paymentId: z.uuid({ error: M.paymentId }),
  comment: textRules(text().trim(), { label: "comment", max: 500, multiline: true }).optional(),
});

export const linesQuerySchema = z.object({
  state: z.enum(LINE_STATES).optional(),
  importId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(LINES_PAGE_SIZE),
});

// ---- Answers ----
export type { ImportCommitted, ImportPreview, PreviewLine } from "@/lib/schemas/reconciliation-answers";
const instant = z.iso.datetime({ offset: true });
/** Pesos, two decimals, as a string. */
const pesos = z.string().regex(/^-?\d+\.\d{2}$/);

export const statementImportRowSchema = z.object({
  id: z.uuid(),
  kind: z.enum(STATEMENT_KINDS),
  accountLabel: z.string(),
  fileName: z.string(),
  fileSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The statement's first and last day ('YYYY-MM-DD'). */
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  lines: z.number().int(),
  new: z.number().int(),
  skipped: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: instant,
  discardedAt: instant.nullable(),
  discardReason: z.string().nullable(),
});
export type StatementImportRow = z.infer<typeof statementImportRowSchema>;

/** GET /api/reconciliation/imports: every statement import. */
export const importsAnswerSchema = z.object({ imports: z.array(statementImportRowSchema) });
export type ImportsAnswer = z.infer<typeof importsAnswerSchema>;

export const candidateSchema = z.object({
  paymentId: z.uuid(),
  controlNumbers: z.array(z.string()),
  amount: pesos,
  payerName: z.string().nullable(),
  reason: z.string(),
  /** The payment is of the other method (a GCash reference on a bank line): confirming needs a comment (issue 37). */
  crossMethod: z.boolean(),
  /** gcash | bank_transfer */
  method: z.string(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const statementLineRowSchema = z.object({
  id: z.uuid(),
  importId: z.uuid(),
  accountLabel: z.string(),
  lineNo: z.number().int(),
  occurredAt: instant,
  description: z.string(),
  reference: z.string().nullable(),
  amount: pesos,
  state: z.enum(LINE_STATES),
  matchKind: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  note: z.string().nullable(),
  candidates: z.array(candidateSchema),
});
export type StatementLineRow = z.infer<typeof statementLineRowSchema>;

/** GET /api/reconciliation/lines: one page of a state's lines. */
export const linesPageSchema = z.object({
  lines: z.array(statementLineRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type LinesPage = z.infer<typeof linesPageSchema>;
export type { UnverifiedClaim } from "@/lib/schemas/reconciliation-answers";
export interface ReportAnswer<Row = Record<string, unknown>> {
  rows: Row[];
  count: number;
  total: string;
}

// ---- Forms (string inputs for react-hook-form; the API's own rules and messages) ----

/** A reason or a comment typed in a dialog. */
export const reasonFormSchema = z.object({ reason: reason() });
export type ReasonFormValues = z.input<typeof reasonFormSchema>;
export const commentFormSchema = z.object({
  comment: textRules(text().trim().min(1, M.commentRequired), { label: "comment", max: 500, multiline: true }),
});
export type CommentFormValues = z.input<typeof commentFormSchema>;

/** The import wizard's first steps: the file's kind, account, and its password or column mapping. */
export const importFormSchema = z
  .object({
    kind: z.enum(STATEMENT_KINDS, { error: M.kind }),
    accountLabel: label,
    password: z.string().max(200),
    profile: z.enum(BANK_PROFILES).or(z.literal("")),
    amountMode: z.enum(["signed", "credit_debit"]),
    date: z.string(),
    description: z.string(),
    reference: z.string(),
    amount: z.string(),
    credit: z.string(),
    debit: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "bank_csv") return;
    const need = (field: "date" | "amount" | "credit", message: string) => {
      if (!v[field].trim()) ctx.addIssue({ code: "custom", path: [field], message });
    };
    need("date", "Name the column that holds the date");
    if (v.amountMode === "signed") need("amount", "Name the column that holds the amount");
    else need("credit", "Name the column that holds credits (money in)");
  });
export type ImportFormValues = z.input<typeof importFormSchema>;

/** The wizard's mapping fields → the API's `mapping`. */
export function mappingOf(v: ImportFormValues): ColumnMapping | undefined {
  if (v.kind !== "bank_csv") return undefined;
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  const base = { date: v.date.trim(), description: opt(v.description), reference: opt(v.reference) };
  return v.amountMode === "signed"
    ? { ...base, amount: v.amount.trim() }
    : { ...base, credit: v.credit.trim(), debit: opt(v.debit) };
}
