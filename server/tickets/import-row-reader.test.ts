import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { TEMPLATE_EXAMPLE_ROW, TICKET_EXPORT_COLUMNS, ticketCsvTemplate } from "@/lib/csv/ticket-csv";
import { createImportRowReader } from "@/server/tickets/import-row-reader";

const records = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: false }).data;

describe("the template's example row", () => {
  it("is read like a blank line: an untouched template has no ticket rows", () => {
    const reader = createImportRowReader({ timeZone: "Asia/Manila" });
    const [header, example] = records(ticketCsvTemplate());
    expect(reader.header(header)).toBeNull();
    expect(reader.record(example, 1)).toEqual({ kind: "blank" });
  });

  it("is skipped whatever the case of its mark, and the real rows after it are read", () => {
    const reader = createImportRowReader({ timeZone: "Asia/Manila" });
    const [header] = records(ticketCsvTemplate());
    reader.header(header);
    const example = TICKET_EXPORT_COLUMNS.map((c) => (c === "Ticket ID" ? "  example " : TEMPLATE_EXAMPLE_ROW[c]));
    expect(reader.record(example, 1)).toEqual({ kind: "blank" });
    const real = TICKET_EXPORT_COLUMNS.map((c) => (c === "Ticket ID" ? "" : TEMPLATE_EXAMPLE_ROW[c]));
    const outcome = reader.record(real, 2);
    expect(outcome.kind).toBe("row");
  });

  it("is itself a valid row once its mark is removed: the example shows what the importer accepts", () => {
    const reader = createImportRowReader({ timeZone: "Asia/Manila" });
    reader.header([...TICKET_EXPORT_COLUMNS]);
    const row = TICKET_EXPORT_COLUMNS.map((c) => (c === "Ticket ID" ? "" : TEMPLATE_EXAMPLE_ROW[c]));
    const outcome = reader.record(row, 1);
    expect(outcome).toMatchObject({
      kind: "row",
      row: { ticket_number: 42, buyer_name: "Juan Dela Cruz", status: "registered", row: 2 },
    });
  });
});
