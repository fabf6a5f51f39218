// TanStack Query hooks for the Activity Log (see lib/query-keys.ts).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { auditApi } from "@/lib/api/audit";
import { queryKeys } from "@/lib/query-keys";
import type { AuditFilters } from "@/lib/schemas/audit";

export function useAuditLog(params: Partial<AuditFilters> & { page: number }) {
  return useQuery({
    queryKey: queryKeys.audit.list(params),
    queryFn: ({ signal }) => auditApi.list(params, { signal }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAuditFilterOptions() {
  return useQuery({ queryKey: [...queryKeys.audit.all, "filters"], queryFn: auditApi.filters });
}
