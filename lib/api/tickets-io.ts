// CSV export and import calls (SPEC section 7: export 60 s, import 300 s).
import { apiRequest, download } from "@/lib/api-client";
import { createCsvRecordCounter } from "@/lib/csv/ticket-csv";
import { JOB_ID_HEADER } from "@/lib/constants";
import type { ImportResult } from "@/lib/schemas/ticket-import";

export const EXPORT_TIMEOUT_MS = 60_000;
export const IMPORT_TIMEOUT_MS = 300_000;

export interface ExportProgress {
  bytes: number;
  /** Ticket rows received so far (the header line not counted). */
  rows: number;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

/**
 * GET /api/tickets/export-all, read as it streams so the screen can show bytes and rows so far.
 * The file is assembled in the browser (a Blob) only once the whole answer has arrived.
 */
export async function exportAllTickets(
  options: { onProgress?: (p: ExportProgress) => void; signal?: AbortSignal } = {},
): Promise<ExportedFile> {
  const decoder = new TextDecoder();
  const counter = createCsvRecordCounter();
  const file = await download("/tickets/export-all", {
    accept: "text/csv",
    type: "text/csv;charset=utf-8",
    fallbackName: "tickets-export.csv",
    timeoutMs: EXPORT_TIMEOUT_MS,
    signal: options.signal,
    onChunk: (chunk, bytes) => {
      counter.push(decoder.decode(chunk, { stream: true }));
      options.onProgress?.({ bytes, rows: Math.max(0, counter.records() - 1) });
    },
  });
  return { blob: file.blob, fileName: file.fileName, rows: Math.max(0, counter.records(true) - 1) };
}

/** POST /api/tickets/import: a 200 with `success: false` is a result with error lines, not a failure. */
export function importTicketsCsv(input: { csvData: string; importedBy: string }, signal?: AbortSignal) {
  return apiRequest<ImportResult>("/tickets/import", {
    method: "POST",
    body: input,
    timeoutMs: IMPORT_TIMEOUT_MS,
    allowUnsuccessful: true,
    signal,
  });
}

/**
 * POST /api/tickets/import with the file itself as text/csv (decision 080): the server streams it
 * into the import's worker without holding it whole; `jobId` (X-Job-Id) lets the screen follow
 * the rows read and written (GET /api/jobs/{id}) while it runs.
 */
export function importTicketsFile(input: { file: Blob; importedBy: string; jobId: string }, signal?: AbortSignal) {
  return apiRequest<ImportResult>(`/tickets/import?importedBy=${encodeURIComponent(input.importedBy)}`, {
    method: "POST",
    file: { blob: input.file, contentType: "text/csv" },
    headers: { [JOB_ID_HEADER]: input.jobId },
    timeoutMs: IMPORT_TIMEOUT_MS,
    allowUnsuccessful: true,
    signal,
  });
}
