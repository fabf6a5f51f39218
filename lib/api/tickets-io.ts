// CSV export and import calls (SPEC section 7: export 60 s, import 300 s).
import { ApiError, apiRequest } from "@/lib/api-client";
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

function fileNameOf(res: Response, fallback: string) {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

/**
 * GET /api/tickets/export-all, read as it streams so the screen can show bytes and rows so far.
 * The file is assembled in the browser (a Blob) only once the whole answer has arrived.
 */
export async function exportAllTickets(options: { onProgress?: (p: ExportProgress) => void; signal?: AbortSignal } = {}): Promise<ExportedFile> {
  const timeout = AbortSignal.timeout(EXPORT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers = new Headers({ Accept: "text/csv" });
  const apiKey = process.env.NEXT_PUBLIC_DASHBOARD_API_KEY;
  if (apiKey) headers.set("X-Dashboard-API-Key", apiKey);
  const res = await fetch("/api/tickets/export-all", { headers, credentials: "same-origin", cache: "no-store", signal });
  if (res.status === 401) window.location.assign("/login");
  if (!res.ok || !res.body) {
    const json = (await res.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(res.status, json?.code ?? "http_error", json?.message ?? `Request failed (${res.status})`);
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const counter = createCsvRecordCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    bytes += value.byteLength;
    counter.push(decoder.decode(value, { stream: true }));
    options.onProgress?.({ bytes, rows: Math.max(0, counter.records() - 1) });
  }
  const rows = Math.max(0, counter.records(true) - 1);
  return { blob: new Blob(chunks, { type: "text/csv;charset=utf-8" }), fileName: fileNameOf(res, "tickets-export.csv"), rows };
}

/** POST /api/tickets/import: a 200 with `success: false` is a result with error lines, not a failure. */
export function importTicketsCsv(input: { csvData: string; importedBy: string }, signal?: AbortSignal) {
  return apiRequest<ImportResult>("/tickets/import", { method: "POST", body: input, timeoutMs: IMPORT_TIMEOUT_MS, allowUnsuccessful: true, signal });
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
