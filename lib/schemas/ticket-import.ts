// POST /api/tickets/import (SPEC sections 3 and 5): the payload, and the rules for one CSV row,
// built from the same field schemas as the generate and edit forms (lib/schemas/ticket.ts).
// Decision: docs/decisions/031-tickets-import-rules.md.
import { fromZonedTime } from "date-fns-tz/fromZonedTime";
import { z } from "zod";
import { TICKET_STATUSES, isRegisteredBuyerName } from "@/lib/constants";
import { VOID_REASONS, VOID_REASON_LABELS } from "@/lib/voids";
import type { TicketCsvColumn } from "@/lib/csv/ticket-csv";
import { TEXT_LIMITS, text, textRules } from "@/lib/schemas/text";
import { ticketFields } from "@/lib/schemas/ticket";
import { TICKET_MESSAGES } from "@/lib/ticket-messages";

export const IMPORT_MESSAGES = {
  csvRequired: "Please select a file first",
  csvEmpty: "The CSV file has no ticket rows",
  missingColumn: (column: string) => `Missing required column: ${column}`,
  ticketId: "Must be a ticket ID (a UUID such as 3f2b8c1e-0d4a-4e6b-9a57-2c1d0e9f8a7b).",
  controlNumber: "Must look like B2K-123-00042 (prefix, 3 digits, the 5 ticket digits).",
  controlNumberMismatch: (digits: string) => `Must end with the Last 5 Digits (${digits}).`,
  ticketNumberRequired: "A ticket number is required.",
  ticketNumber: "Must be a ticket number from 00001 to 99999.",
  aboveLimit: (limit: number) => `Above the maximum ticket limit (${limit}).`,
  amount: "Must be an amount in pesos with at most 2 decimals (e.g. 50.00).",
  date: "Must be a date and time in ISO 8601 (e.g. 2026-11-24T09:30:00+08:00).",
  source: "Must be app or web.",
  voidReason: `Must be one of ${VOID_REASONS.join(", ")} (or its words, e.g. Lost stub).`,
  voidedAtWithoutReason: "A Voided At needs a Void Reason.",
  duplicate: (row: number) => `Same ticket as row ${row}.`,
  alreadyUsed: (digits: string) => `Already used by ticket ${digits}.`,
  otherControlNumber: (digits: string, control: string) => `Ticket ${digits} has the control number ${control}.`,
} as const;

/** The Import Tickets modal's file field (SPEC section 5). */
export const IMPORT_FILE_MESSAGES = {
  required: "Please select a file first",
  notCsv: "Please select a valid CSV file",
  tooLarge: "The file is larger than the 25 MB import limit",
} as const;
export const MAX_IMPORT_FILE_BYTES = 25 * 1024 * 1024;

const isCsvFile = (file: File) => /\.csv$/i.test(file.name) || file.type === "text/csv";

export const importFileSchema = z.object({
  file: z
    .custom<File | null>((v) => v === null || v === undefined || (typeof File !== "undefined" && v instanceof File))
    .refine((f): f is File => !!f, IMPORT_FILE_MESSAGES.required)
    .refine((f) => !f || isCsvFile(f), IMPORT_FILE_MESSAGES.notCsv)
    .refine((f) => !f || f.size <= MAX_IMPORT_FILE_BYTES, IMPORT_FILE_MESSAGES.tooLarge),
});
export type ImportFileValues = z.input<typeof importFileSchema>;

export const importTicketsSchema = z.object({
  csvData: z.string({ error: IMPORT_MESSAGES.csvRequired }).refine((v) => v.trim() !== "", IMPORT_MESSAGES.csvRequired),
  /** SPEC section 3: the importer names an admin address; recorded in the audit row, never trusted for access. */
  importedBy: z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    textRules(text().trim(), { label: "importedBy", max: TEXT_LIMITS.email }).optional(),
  ),
});
export type ImportTicketsPayload = z.output<typeof importTicketsSchema>;

const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTROL_NUMBER = /^\S{1,20}-\d{3}-\d{5}$/;
const ISO_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** An ISO 8601 date (and time); without an offset it is the raffle's local time. */
export function parseImportDate(value: string, timeZone: string): Date | null {
  const m = ISO_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, day, time = "00:00:00", offset] = m;
  const local = `${day}T${time.length === 5 ? `${time}:00` : time}`;
  let date: Date;
  if (offset) {
    const normalized = /^z$/i.test(offset)
      ? "Z"
      : offset.length === 3
        ? `${offset}:00`
        : offset.includes(":")
          ? offset
          : `${offset.slice(0, 3)}:${offset.slice(3)}`;
    date = new Date(`${local}${normalized}`);
  } else {
    date = fromZonedTime(local, timeZone);
  }
  // Rejects impossible dates the regex lets through (2026-02-30 rolls over in Date).
  if (Number.isNaN(date.getTime()) || !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(day)) return null;
  return date;
}

const dateField = (timeZone: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const date = parseImportDate(v, timeZone);
        if (!date) {
          ctx.addIssue({ code: "custom", message: IMPORT_MESSAGES.date });
          return z.NEVER;
        }
        return date;
      }),
  );

/** A buyer name: a real one follows the form's rules; a placeholder ("N/A") keeps the ticket unregistered as it was. */
const importBuyerName = z.preprocess(
  blank,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || !isRegisteredBuyerName(v)) return v?.trim();
      const parsed = ticketFields.buyer_name.safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }),
);

/** The rules for one row; keys are the ticket's fields, values the cells (formula prefix already undone). */
export function importRowSchema(options: { timeZone: string }) {
  return z.object({
    id: z.preprocess(blank, z.string().trim().regex(UUID, IMPORT_MESSAGES.ticketId).toLowerCase().optional()),
    control_number: z.preprocess(
      blank,
      z.string().trim().regex(CONTROL_NUMBER, IMPORT_MESSAGES.controlNumber).optional(),
    ),
    ticket_number: z.preprocess(
      blank,
      z
        .string({ error: IMPORT_MESSAGES.ticketNumberRequired })
        .trim()
        .regex(/^\d{1,5}$/, IMPORT_MESSAGES.ticketNumber)
        .transform(Number)
        .refine((n) => n >= 1, IMPORT_MESSAGES.ticketNumber),
    ),
    buyer_name: importBuyerName,
    phone_number: ticketFields.phone_number,
    email: ticketFields.email,
    address: ticketFields.address,
    payment_method: z.preprocess(blank, ticketFields.payment_method),
    amount: z.preprocess(
      (v) => (typeof v === "string" ? blank(v.replace(/[₱,\s]/g, "")) : blank(v)),
      z
        .string()
        .regex(/^\d{1,8}(\.\d{1,2})?$/, IMPORT_MESSAGES.amount)
        .optional(),
    ),
    status: z.preprocess(
      (v) => (typeof v === "string" ? blank(v.trim().toLowerCase()) : blank(v)),
      z.enum(TICKET_STATUSES, { error: TICKET_MESSAGES.status }).optional(),
    ),
    created_at: dateField(options.timeZone),
    updated_at: dateField(options.timeZone),
    creator_email: ticketFields.email,
    creation_source: z.preprocess(
      (v) => (typeof v === "string" ? blank(v.trim().toLowerCase()) : blank(v)),
      z.enum(["app", "web"], { error: IMPORT_MESSAGES.source }).optional(),
    ),
    payment_reference: ticketFields.payment_reference,
    seller_email: ticketFields.email,
    voided_at: dateField(options.timeZone),
    void_reason: z.preprocess(
      (v) => (typeof v === "string" ? blank(voidReasonCode(v)) : blank(v)),
      z.enum(VOID_REASONS, { error: IMPORT_MESSAGES.voidReason }).optional(),
    ),
  });
}

/** A void reason as a code ("lost_stub") or in the export's words ("Lost stub"). */
function voidReasonCode(value: string): string {
  const text = value.trim();
  const byLabel = Object.entries(VOID_REASON_LABELS).find(([, label]) => label.toLowerCase() === text.toLowerCase());
  return byLabel ? byLabel[0] : text.toLowerCase();
}
export type ImportRow = z.output<ReturnType<typeof importRowSchema>>;

/** Which column each field comes from (and is named by in `Row {n}: {column}: {message}`). */
export const IMPORT_FIELD_COLUMNS: Record<keyof ImportRow, TicketCsvColumn> = {
  id: "Ticket ID",
  control_number: "Control Number",
  ticket_number: "Last 5 Digits",
  buyer_name: "Buyer Name",
  phone_number: "Phone Number",
  email: "Email",
  address: "Address",
  payment_method: "Payment Method",
  amount: "Amount",
  status: "Status",
  created_at: "Created At",
  updated_at: "Updated At",
  creator_email: "Creator Email",
  creation_source: "Source",
  payment_reference: "Payment Reference",
  seller_email: "Seller Email",
  voided_at: "Voided At",
  void_reason: "Void Reason",
};

/** SPEC section 3's import result: POST /api/tickets/import (`success` false when nothing was imported). */
export const importResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  total: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;
