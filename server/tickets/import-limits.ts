// The CSV import's sizes and limits, shared by the route, the instance's writer and the worker
// thread. No `import "server-only"`: bundled into the worker. Decision 080.
import type { RowError } from "@/server/tickets/import-row-reader";

/** 100,000 exported rows are about 20 MB; JSON adds a little. */
export const IMPORT_BODY_LIMIT_BYTES = 25 * 1024 * 1024;
/** The answer lists at most this many error lines, then says how many more there were. */
export const MAX_ERROR_LINES = 1000;
/** Valid rows per batch handed from the worker to the instance's transaction. */
export const IMPORT_BATCH_ROWS = 5000;
/** The worker hands papaparse text in pieces of at least this many characters. */
export const IMPORT_TEXT_CHUNK_CHARS = 1024 * 1024;
/** A JSON caller's csvData is fed to the worker in slices of this many characters. */
export const IMPORT_INPUT_SLICE_CHARS = 256 * 1024;

/** The import job's counters (GET /api/jobs/{id}): rows read from the file, rows written by the transaction. */
export type TicketImportProgress = { rowsRead: number; rowsWritten: number };

/** What the worker answers once the whole file is read. */
export interface TicketImportWorkerResult {
  /** Rows in the file (blank lines are not rows). */
  total: number;
  /** The first MAX_ERROR_LINES of the file's own row errors, in row order. */
  errors: RowError[];
  errorCount: number;
  /** Rows with at least one error. */
  errorRows: number;
}
