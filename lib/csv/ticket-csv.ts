// The tickets CSV (SPEC section 3's template columns), shared by the export, the importer, the
// Import Tickets modal's template and preview, and the export button's progress count.
// Decision: docs/decisions/030-tickets-csv-format.md.

/** SPEC section 3, in this order: the template's, the export's and the importer's columns. */
export const TICKET_CSV_COLUMNS = [
  "Ticket ID",
  "Control Number",
  "Last 5 Digits",
  "Buyer Name",
  "Phone Number",
  "Email",
  "Address",
  "Payment Method",
  "Amount",
  "Status",
  "Created At",
  "Updated At",
  "Creator Email",
  "Source",
] as const;

/**
 * After the template's 14, the sale and void columns (docs/decisions/050, 051): the export writes
 * all 18, the template offers them, the importer reads them when present.
 */
export const TICKET_SALE_CSV_COLUMNS = ["Payment Reference", "Seller Email", "Voided At", "Void Reason"] as const;
export const TICKET_EXPORT_COLUMNS = [...TICKET_CSV_COLUMNS, ...TICKET_SALE_CSV_COLUMNS] as const;
export type TicketCsvColumn = (typeof TICKET_EXPORT_COLUMNS)[number];

/** The one column a file must have: the ticket number names the ticket. */
export const REQUIRED_TICKET_CSV_COLUMNS: readonly TicketCsvColumn[] = ["Last 5 Digits"];

/** Header names match whatever their case, spaces and underscores ("last_5_digits", "LAST 5 DIGITS"). */
export function normalizeHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, "")
    .replace(/[\s_]+/g, "")
    .toLowerCase();
}

// OWASP's CSV injection advice: a cell a spreadsheet would run as a formula (starting with =, +,
// -, @, tab or carriage return) gets a leading apostrophe. Cells that already start with
// apostrophes before such a character get one more, so the importer can undo exactly that: it
// removes one apostrophe from a cell that matches after it. Export then import is the identity.
const NEUTRALISED = /^'*[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return NEUTRALISED.test(value) ? `'${value}` : value;
}

export function restoreCell(value: string): string {
  return value.startsWith("'") && NEUTRALISED.test(value.slice(1)) ? value.slice(1) : value;
}

/** RFC 4180 quoting, as PostgreSQL's COPY ... CSV writes it: quoted when needed, "" for an empty string. */
export function csvField(value: string | null): string {
  if (value === null) return "";
  if (value === "" || /[",\r\n]/.test(value)) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

export function csvLine(values: readonly (string | null)[]): string {
  return values.map(csvField).join(",");
}

/**
 * The Ticket ID that marks the template's example row. The importer treats a row whose Ticket ID
 * starts with it like a blank line, so an untouched template imports nothing and a file that kept
 * the example imports only its real rows (docs/decisions/030).
 */
export const TEMPLATE_EXAMPLE_MARK = "EXAMPLE";

/** Whether a Ticket ID cell marks the template's example row (any case, spaces around allowed). */
export function isTemplateExampleId(cell: string): boolean {
  return cell.trim().toUpperCase().startsWith(TEMPLATE_EXAMPLE_MARK);
}

/** The example row, in TICKET_EXPORT_COLUMNS order: a registered cash sale, as the columns expect it. */
export const TEMPLATE_EXAMPLE_ROW: Record<TicketCsvColumn, string> = {
  "Ticket ID": `${TEMPLATE_EXAMPLE_MARK} (this row is never imported; delete or keep it)`,
  "Control Number": "",
  "Last 5 Digits": "00042",
  "Buyer Name": "Juan Dela Cruz",
  "Phone Number": "09171234567",
  Email: "juan.delacruz@example.com",
  Address: "123 Rizal St, Quezon City",
  "Payment Method": "Cash",
  Amount: "50.00",
  Status: "registered",
  "Created At": "2026-11-24T09:30:00+08:00",
  "Updated At": "",
  "Creator Email": "",
  Source: "web",
  "Payment Reference": "",
  "Seller Email": "",
  "Voided At": "",
  "Void Reason": "",
};

/** The Download Template file: the header line and one example row the importer never imports. */
export function ticketCsvTemplate(): string {
  return (
    `${csvLine(TICKET_EXPORT_COLUMNS)}\r\n` +
    `${csvLine(TICKET_EXPORT_COLUMNS.map((c) => TEMPLATE_EXAMPLE_ROW[c] || null))}\r\n`
  );
}

export const TEMPLATE_FILE_NAME = "tickets-import-template.csv";

/**
 * Counts the records of a CSV arriving in chunks (line breaks outside quotes), for the export's
 * "rows so far". Quote state carries across chunks; the header line counts as one record.
 */
export function createCsvRecordCounter() {
  let inQuotes = false;
  let records = 0;
  let pendingRecord = false;
  return {
    push(chunk: string) {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c === 34) inQuotes = !inQuotes;
        if (c === 10 && !inQuotes) {
          records++;
          pendingRecord = false;
        } else if (c !== 13) pendingRecord = true;
      }
    },
    /** Complete records so far (a last line without a line break counts once finished). */
    records: (finished = false) => records + (finished && pendingRecord ? 1 : 0),
  };
}
