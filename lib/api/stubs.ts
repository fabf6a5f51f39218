// Stubs (issue 22): POST /api/print/stubs streamed to a file, GET /api/print/jobs (the print log),
// POST /api/tickets/{id}/qr/replace. The print is a file download (read as it streams, like the
// CSV export), named by the job id it sends so the screen can follow its progress.
import { ApiError, apiRequest } from "@/lib/api-client";
import { JOB_ID_HEADER } from "@/lib/constants";
import type { PrintJobsResponse, PrintStubsInput } from "@/lib/schemas/stubs";

/** 10,000 stubs take seconds on a quiet machine; the job itself stops at 180 s. */
export const PRINT_TIMEOUT_MS = 200_000;

export interface PrintedFile {
  blob: Blob;
  fileName: string;
  bytes: number;
}

function fileNameOf(res: Response, fallback: string) {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

export async function printStubsPdf(payload: PrintStubsInput, options: { jobId: string; onBytes?: (bytes: number) => void; signal?: AbortSignal }): Promise<PrintedFile> {
  const timeout = AbortSignal.timeout(PRINT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers = new Headers({ Accept: "application/pdf", "Content-Type": "application/json", [JOB_ID_HEADER]: options.jobId });
  const apiKey = process.env.NEXT_PUBLIC_DASHBOARD_API_KEY;
  if (apiKey) headers.set("X-Dashboard-API-Key", apiKey);
  const res = await fetch("/api/print/stubs", { method: "POST", headers, body: JSON.stringify(payload), credentials: "same-origin", cache: "no-store", signal });
  if (res.status === 401) window.location.assign("/login");
  if (!res.ok || !res.body) {
    const json = (await res.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(res.status, json?.code ?? "http_error", json?.message ?? `Request failed (${res.status})`);
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    bytes += value.byteLength;
    options.onBytes?.(bytes);
  }
  return { blob: new Blob(chunks, { type: "application/pdf" }), fileName: fileNameOf(res, "stubs.pdf"), bytes };
}

export const stubsApi = {
  printJobs: () => apiRequest<PrintJobsResponse>("/print/jobs"),
  replaceQr: (input: { ticketId: string; reason: string }) =>
    apiRequest<{ success: true; message: string; ticket: { id: string; controlNumber: string; qrVersion: number } }>(`/tickets/${encodeURIComponent(input.ticketId)}/qr/replace`, {
      method: "POST",
      body: { reason: input.reason },
    }),
};
