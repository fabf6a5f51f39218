import "server-only";
import Papa from "papaparse";
import { REQUIRED_TICKET_CSV_COLUMNS, TICKET_CSV_COLUMNS, normalizeHeader, restoreCell, type TicketCsvColumn } from "@/lib/csv/ticket-csv";
import { IMPORT_FIELD_COLUMNS, IMPORT_MESSAGES, importRowSchema, type ImportRow } from "@/lib/schemas/ticket-import";
import { formatTicketNumber } from "@/lib/ticket-number";
import { AppError } from "@/server/http/errors";

export interface RowError {
  row: number;
  text: string;
}

/** A row that passed its own checks; `row` is its spreadsheet row (the header is row 1). */
export type ValidImportRow = ImportRow & { row: number };

const FIELD_OF_COLUMN = Object.fromEntries(Object.entries(IMPORT_FIELD_COLUMNS).map(([field, column]) => [column, field])) as Record<
  TicketCsvColumn,
  keyof ImportRow
>;

export const rowError = (row: number, column: string, message: string): RowError => ({ row, text: `Row ${row}: ${column}: ${message}` });

/**
 * Parses the CSV (papaparse) and checks every row on its own: the shared row schema, the control
 * number against the ticket number, and duplicates within the file. Nothing here reads the
 * database. A missing required column refuses the whole file at once.
 */
export function readImportRows(csvData: string, options: { timeZone: string }) {
  const parsed = Papa.parse<string[]>(csvData.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const records = parsed.data;
  const header = (records[0] ?? []).map((h) => normalizeHeader(String(h ?? "")));
  const columnIndex = new Map<TicketCsvColumn, number>();
  for (const column of TICKET_CSV_COLUMNS) {
    const index = header.indexOf(normalizeHeader(column));
    if (index >= 0) columnIndex.set(column, index);
  }
  for (const column of REQUIRED_TICKET_CSV_COLUMNS) {
    if (!columnIndex.has(column)) throw new AppError("validation_failed", IMPORT_MESSAGES.missingColumn(column));
  }

  const errors: RowError[] = [];
  const brokenRecords = new Set<number>();
  for (const e of parsed.errors) {
    if (typeof e.row !== "number" || e.row < 1) continue; // e.g. a one-column file's undetectable delimiter
    brokenRecords.add(e.row);
    errors.push(rowError(e.row + 1, "CSV", e.message));
  }

  const schema = importRowSchema(options);
  const rows: ValidImportRow[] = [];
  const firstRowOf = { number: new Map<number, number>(), id: new Map<string, number>(), control: new Map<string, number>() };
  let total = 0;
  for (let i = 1; i < records.length; i++) {
    const record = records[i];
    if (record.every((cell) => String(cell ?? "").trim() === "")) continue; // blank lines are not rows
    total++;
    const row = i + 1;
    if (brokenRecords.has(i)) continue;
    const input: Record<string, string> = {};
    for (const [column, index] of columnIndex) input[FIELD_OF_COLUMN[column]] = restoreCell(String(record[index] ?? ""));
    const result = schema.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const column = IMPORT_FIELD_COLUMNS[issue.path[0] as keyof ImportRow] ?? "Row";
        errors.push(rowError(row, column, issue.message));
      }
      continue;
    }
    const value = result.data;
    const digits = formatTicketNumber(value.ticket_number);
    if (value.control_number && !value.control_number.endsWith(`-${digits}`)) {
      errors.push(rowError(row, "Control Number", IMPORT_MESSAGES.controlNumberMismatch(digits)));
      continue;
    }
    const duplicate =
      (firstRowOf.number.has(value.ticket_number) && (["Last 5 Digits", firstRowOf.number.get(value.ticket_number)!] as const)) ||
      (value.id && firstRowOf.id.has(value.id) && (["Ticket ID", firstRowOf.id.get(value.id)!] as const)) ||
      (value.control_number && firstRowOf.control.has(value.control_number.toUpperCase()) && (["Control Number", firstRowOf.control.get(value.control_number.toUpperCase())!] as const));
    if (duplicate) {
      errors.push(rowError(row, duplicate[0], IMPORT_MESSAGES.duplicate(duplicate[1])));
      continue;
    }
    firstRowOf.number.set(value.ticket_number, row);
    if (value.id) firstRowOf.id.set(value.id, row);
    if (value.control_number) firstRowOf.control.set(value.control_number.toUpperCase(), row);
    rows.push({ ...value, row });
  }
  if (total === 0) throw new AppError("validation_failed", IMPORT_MESSAGES.csvEmpty);
  return { total, rows, errors };
}
