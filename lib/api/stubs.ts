// Stubs (issue 22): POST /api/print/stubs streamed to a file, GET /api/print/jobs (the print log),
// POST /api/tickets/{id}/qr/replace. The print is a file download (read as it streams, like the
// CSV export), named by the job id it sends so the screen can follow its progress.
import { apiRequest, download } from "@/lib/api-client";
import { JOB_ID_HEADER } from "@/lib/constants";
import type { PrintJobsResponse, PrintStubsInput, QrReplaced } from "@/lib/schemas/stubs";

/** 10,000 stubs take seconds on a quiet machine; the job itself stops at 180 s. */
export const PRINT_TIMEOUT_MS = 200_000;

export interface PrintedFile {
  blob: Blob;
  fileName: string;
  bytes: number;
}

export function printStubsPdf(
  payload: PrintStubsInput,
  options: { jobId: string; onBytes?: (bytes: number) => void; signal?: AbortSignal },
): Promise<PrintedFile> {
  return download("/print/stubs", {
    method: "POST",
    body: payload,
    accept: "application/pdf",
    type: "application/pdf",
    fallbackName: "stubs.pdf",
    headers: { [JOB_ID_HEADER]: options.jobId },
    timeoutMs: PRINT_TIMEOUT_MS,
    signal: options.signal,
    onChunk: (_chunk, bytes) => options.onBytes?.(bytes),
  });
}

export const stubsApi = {
  printJobs: () => apiRequest<PrintJobsResponse>("/print/jobs"),
  replaceQr: (input: { ticketId: string; reason: string }) =>
    apiRequest<QrReplaced>(`/tickets/${encodeURIComponent(input.ticketId)}/qr/replace`, {
      method: "POST",
      body: { reason: input.reason },
    }),
};
