// TanStack Query hooks for the statistics (keys in lib/query-keys.ts; every ticket write
// invalidates them through invalidateTicketData).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { dashboardApi } from "@/lib/api/dashboard";
import type { AnalyticsPeriod } from "@/lib/dashboard/periods";
import { queryKeys } from "@/lib/query-keys";

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.dashboard.stats(), queryFn: dashboardApi.stats });
}

export function useHistoricalAnalytics(period: AnalyticsPeriod) {
  // Switching periods keeps the last figures on screen until the new ones arrive.
  return useQuery({
    queryKey: queryKeys.dashboard.historical(period),
    queryFn: () => dashboardApi.historical(period),
    placeholderData: keepPreviousData,
  });
}

export function useUserProgress() {
  return useQuery({ queryKey: queryKeys.dashboard.userProgress(), queryFn: dashboardApi.userProgress });
}
