// TanStack Query hooks for the Activity Log (see lib/query-keys.ts).
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { auditApi } from "@/lib/api/audit";
import { queryKeys } from "@/lib/query-keys";
import type { AuditFilters } from "@/lib/schemas/audit";
import { saveBlob } from "@/lib/save-blob";

export function useAuditLog(params: Partial<AuditFilters> & { page: number }) {
  return useQuery({
    queryKey: queryKeys.audit.list(params),
    queryFn: ({ signal }) => auditApi.list(params, { signal }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAuditFilterOptions() {
  return useQuery({ queryKey: queryKeys.audit.filters(), queryFn: auditApi.filters });
}

/** GET /api/audit/export: the filtered rows saved as a CSV file (a download, nothing cached). */
export function useExportActivityLog() {
  return useMutation({
    mutationFn: async (filters: Partial<AuditFilters>) => {
      const { blob, fileName } = await auditApi.exportCsv(filters);
      saveBlob(blob, fileName);
    },
  });
}
