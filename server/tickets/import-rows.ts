import "server-only";
import Papa from "papaparse";
import { IMPORT_MESSAGES } from "@/lib/schemas/ticket-import";
import { createImportRowReader, type RowError, type ValidImportRow } from "@/server/tickets/import-row-reader";
import { AppError } from "@/server/http/errors";

export { rowError, type RowError, type ValidImportRow } from "@/server/tickets/import-row-reader";

/**
 * Parses the whole CSV (papaparse) and checks every row on its own (createImportRowReader). The
 * import itself streams the file in a worker thread (server/jobs/kinds/ticket-import.worker.ts);
 * this reads a string at once, for callers holding a small file. A missing required column refuses
 * the whole file at once.
 */
export function readImportRows(csvData: string, options: { timeZone: string }) {
  const parsed = Papa.parse<string[]>(csvData.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const records = parsed.data;
  const reader = createImportRowReader(options);
  const refused = reader.header(records[0] ?? []);
  if (refused) throw new AppError("validation_failed", refused);
  const parseErrors = new Map<number, string[]>();
  for (const e of parsed.errors) {
    if (typeof e.row !== "number" || e.row < 1) continue; // e.g. a one-column file's undetectable delimiter
    parseErrors.set(e.row, [...(parseErrors.get(e.row) ?? []), e.message]);
  }
  const errors: RowError[] = [];
  const rows: ValidImportRow[] = [];
  let total = 0;
  for (let i = 1; i < records.length; i++) {
    const outcome = reader.record(records[i], i, parseErrors.get(i));
    if (outcome.kind === "blank") continue;
    total++;
    if (outcome.kind === "errors") errors.push(...outcome.errors);
    else rows.push(outcome.row);
  }
  if (total === 0) throw new AppError("validation_failed", IMPORT_MESSAGES.csvEmpty);
  return { total, rows, errors };
}
