// The Activity Log's calls (administrators): GET /api/audit, /api/audit/filters, /api/audit/export.
import { apiRequest, download } from "@/lib/api-client";
import type { AuditFilters, AuditPage } from "@/lib/schemas/audit";

export type { AuditPage } from "@/lib/schemas/audit";

/** The export may be large: it streams, and gets the export call's 60 s (SPEC section 7). */
const EXPORT_TIMEOUT_MS = 60_000;

function toQuery(params: Partial<AuditFilters> & { page?: number }) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const auditApi = {
  list: (params: Partial<AuditFilters> & { page: number }, options: { signal?: AbortSignal } = {}) =>
    apiRequest<AuditPage>(`/audit${toQuery(params)}`, { signal: options.signal }),
  filters: () => apiRequest<{ success: true; actions: string[]; actors: string[] }>("/audit/filters"),
  /** The filtered rows as a CSV file: its name (from the server) and its contents. */
  async exportCsv(filters: Partial<AuditFilters>): Promise<{ fileName: string; blob: Blob }> {
    const { fileName, blob } = await download(`/audit/export${toQuery(filters)}`, {
      accept: "text/csv",
      fallbackName: "activity-log.csv",
      timeoutMs: EXPORT_TIMEOUT_MS,
    });
    return { fileName, blob };
  },
};
