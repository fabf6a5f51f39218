// The Activity Log's calls (administrators): GET /api/audit, /api/audit/filters, /api/audit/export.
import { ApiError, apiRequest } from "@/lib/api-client";
import type { AuditEntry, AuditFilters } from "@/lib/schemas/audit";

export interface AuditPage {
  success: true;
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  timezone: string;
}

/** The export may be large: it streams, and gets the export call's 60 s (SPEC section 7). */
const EXPORT_TIMEOUT_MS = 60_000;

function toQuery(params: Partial<AuditFilters> & { page?: number }) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const auditApi = {
  list: (params: Partial<AuditFilters> & { page: number }, options: { signal?: AbortSignal } = {}) =>
    apiRequest<AuditPage>(`/audit${toQuery(params)}`, { signal: options.signal }),
  filters: () => apiRequest<{ success: true; actions: string[]; actors: string[] }>("/audit/filters"),
  /** The filtered rows as a CSV file: its name (from the server) and its contents. */
  async exportCsv(filters: Partial<AuditFilters>): Promise<{ fileName: string; blob: Blob }> {
    const headers = new Headers({ Accept: "text/csv" });
    const apiKey = process.env.NEXT_PUBLIC_DASHBOARD_API_KEY;
    if (apiKey) headers.set("X-Dashboard-API-Key", apiKey);
    const res = await fetch(`/api/audit/export${toQuery(filters)}`, { headers, credentials: "same-origin", cache: "no-store", signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
    if (res.status === 401) window.location.assign("/login");
    if (!res.ok) {
      const json = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
      throw new ApiError(res.status, json?.code ?? "http_error", json?.message ?? `Request failed (${res.status})`);
    }
    const fileName = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "activity-log.csv";
    return { fileName, blob: await res.blob() };
  },
};
