// The statistics calls of SPEC section 7, typed by their answers' contracts (lib/schemas/dashboard.ts),
// which the server (server/dashboard/*) serializes exactly.
import { apiRequest } from "@/lib/api-client";
import type { AnalyticsPeriod } from "@/lib/dashboard/periods";
import type { DashboardStats, HistoricalAnalytics, UserProgress } from "@/lib/schemas/dashboard";

export type {
  DashboardStats,
  HistoricalAnalytics,
  HourlyRow,
  MonthFigures,
  PaymentBreakdownRow,
  RecentActivity,
  UserProgress,
  UserProgressRow,
} from "@/lib/schemas/dashboard";

export const dashboardApi = {
  stats: () => apiRequest<DashboardStats>("/dashboard/stats"),
  historical: (period: AnalyticsPeriod) =>
    apiRequest<HistoricalAnalytics>(`/dashboard/analytics/historical?period=${encodeURIComponent(period)}`),
  userProgress: () => apiRequest<UserProgress>("/dashboard/admin/user-progress"),
};
