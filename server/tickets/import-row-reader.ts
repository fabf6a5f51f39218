// One CSV row at a time: the header's columns, then each record checked on its own (the shared row
// schema, the control number against the ticket number, duplicates within the file). Used by the
// import's worker thread as it streams the file (server/jobs/kinds/ticket-import.worker.ts) and by
// readImportRows. Nothing here reads the database. No `import "server-only"`: bundled into the worker.
// Decisions: docs/decisions/031-tickets-import-rules.md, 080-csv-import-in-a-worker.md.
import {
  REQUIRED_TICKET_CSV_COLUMNS,
  TICKET_EXPORT_COLUMNS,
  isTemplateExampleId,
  normalizeHeader,
  restoreCell,
  type TicketCsvColumn,
} from "@/lib/csv/ticket-csv";
import { IMPORT_FIELD_COLUMNS, IMPORT_MESSAGES, importRowSchema, type ImportRow } from "@/lib/schemas/ticket-import";
import { formatTicketNumber } from "@/lib/ticket-number";

export interface RowError {
  row: number;
  text: string;
}

/** A row that passed its own checks; `row` is its spreadsheet row (the header is row 1). */
export type ValidImportRow = ImportRow & { row: number };

const FIELD_OF_COLUMN = Object.fromEntries(
  Object.entries(IMPORT_FIELD_COLUMNS).map(([field, column]) => [column, field]),
) as Record<TicketCsvColumn, keyof ImportRow>;

export const rowError = (row: number, column: string, message: string): RowError => ({
  row,
  text: `Row ${row}: ${column}: ${message}`,
});

/** The longest cell read: no column needs more (addresses are at most a few hundred characters). */
export const MAX_IMPORT_CELL_CHARS = 10_000;
export const CELL_TOO_LONG = `A cell is longer than ${MAX_IMPORT_CELL_CHARS.toLocaleString("en-US")} characters`;

/** What one record is: a blank line (not a row), a row with its errors, or a valid row. */
export type RecordOutcome =
  { kind: "blank" } | { kind: "errors"; errors: RowError[] } | { kind: "row"; row: ValidImportRow };

/**
 * Reads the header (record 0) and then one record at a time, in file order. `columnError` is the
 * message refusing the whole file (a missing required column), or null.
 */
export function createImportRowReader(options: { timeZone: string }) {
  const schema = importRowSchema(options);
  const columnIndex = new Map<TicketCsvColumn, number>();
  const firstRowOf = {
    number: new Map<number, number>(),
    id: new Map<string, number>(),
    control: new Map<string, number>(),
  };
  return {
    header(record: readonly unknown[]): string | null {
      const header = record.map((h) => normalizeHeader(String(h ?? "")));
      for (const column of TICKET_EXPORT_COLUMNS) {
        const index = header.indexOf(normalizeHeader(column));
        if (index >= 0) columnIndex.set(column, index);
      }
      for (const column of REQUIRED_TICKET_CSV_COLUMNS) {
        if (!columnIndex.has(column)) return IMPORT_MESSAGES.missingColumn(column);
      }
      return null;
    },
    /** Record `index` (0 is the header) of the file; `parseErrors` are the CSV parser's messages for it, if any. */
    record(record: readonly unknown[], index: number, parseErrors?: readonly string[]): RecordOutcome {
      if (record.every((cell) => String(cell ?? "").trim() === "")) return { kind: "blank" };
      // The template's example row is not a ticket: read like a blank line.
      const idIndex = columnIndex.get("Ticket ID");
      if (idIndex !== undefined && isTemplateExampleId(String(record[idIndex] ?? ""))) return { kind: "blank" };
      const row = index + 1;
      if (parseErrors?.length)
        return { kind: "errors", errors: parseErrors.map((message) => rowError(row, "CSV", message)) };
      if (record.some((cell) => typeof cell === "string" && cell.length > MAX_IMPORT_CELL_CHARS))
        return { kind: "errors", errors: [rowError(row, "CSV", CELL_TOO_LONG)] };
      const input: Record<string, string> = {};
      for (const [column, i] of columnIndex) input[FIELD_OF_COLUMN[column]] = restoreCell(String(record[i] ?? ""));
      const result = schema.safeParse(input);
      if (!result.success) {
        return {
          kind: "errors",
          errors: result.error.issues.map((issue) =>
            rowError(row, IMPORT_FIELD_COLUMNS[issue.path[0] as keyof ImportRow] ?? "Row", issue.message),
          ),
        };
      }
      const value = result.data;
      const digits = formatTicketNumber(value.ticket_number);
      if (value.control_number && !value.control_number.endsWith(`-${digits}`)) {
        return {
          kind: "errors",
          errors: [rowError(row, "Control Number", IMPORT_MESSAGES.controlNumberMismatch(digits))],
        };
      }
      const duplicate =
        (firstRowOf.number.has(value.ticket_number) &&
          (["Last 5 Digits", firstRowOf.number.get(value.ticket_number)!] as const)) ||
        (value.id && firstRowOf.id.has(value.id) && (["Ticket ID", firstRowOf.id.get(value.id)!] as const)) ||
        (value.control_number &&
          firstRowOf.control.has(value.control_number.toUpperCase()) &&
          (["Control Number", firstRowOf.control.get(value.control_number.toUpperCase())!] as const));
      if (duplicate)
        return { kind: "errors", errors: [rowError(row, duplicate[0], IMPORT_MESSAGES.duplicate(duplicate[1]))] };
      firstRowOf.number.set(value.ticket_number, row);
      if (value.id) firstRowOf.id.set(value.id, row);
      if (value.control_number) firstRowOf.control.set(value.control_number.toUpperCase(), row);
      return { kind: "row", row: { ...value, row } };
    },
  };
}
