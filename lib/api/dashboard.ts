// The statistics calls of SPEC section 7, typed. The server (server/dashboard/*) serializes exactly
// these shapes; docs/api.md describes every field. Dates are raffle-local days ('YYYY-MM-DD'),
// hours are raffle-local hours 0-23, instants are UTC ISO strings, amounts are pesos.
import { apiRequest } from "@/lib/api-client";
import type { AnalyticsPeriod } from "@/lib/dashboard/periods";

export interface PaymentBreakdownRow {
  /** cash, gcash, bank_transfer (lower case), or whatever else a ticket carries. */
  method: string;
  /** Tickets sold (registered in the period, not voided) with this method (docs/figures.md). */
  count: number;
  /** Their amounts, in pesos. */
  revenue: number;
}

export interface HourlyRow {
  hour: number;
  count: number;
}

export interface RecentActivity {
  ticket_id: string;
  buyer_name: string | null;
  control_number: string;
  payment_method: string;
  /** When the activity happened: the ticket's creation, or its registration. */
  created_at: string;
  activity_type: "generated" | "registered";
  /** The ticket's state now (the row's Registered/Unregistered badge). */
  is_registered: boolean;
  /** Voided now (the row's Void badge): out of the raffle and the sales figures. */
  is_void: boolean;
}

export interface DashboardStats {
  success: true;
  timezone: string;
  summary: {
    total: number;
    today: number;
    thisWeek: number;
    thisMonth: number;
    cash: number;
    gcash: number;
    bank_transfer: number;
    registered: number;
    unregistered: number;
    revenue: number;
  };
  trends: { daily: { date: string; count: number }[] };
  paymentBreakdown: PaymentBreakdownRow[];
  hourlyDistribution: HourlyRow[];
  recentActivity: RecentActivity[];
}

export interface MonthFigures {
  registeredTickets: number;
  revenue: number;
}

export interface HistoricalAnalytics {
  success: true;
  period: AnalyticsPeriod;
  timezone: string;
  range: { from: string; to: string };
  trends: { daily: { date: string; count: number; registered: number; revenue: number }[] };
  paymentBreakdown: PaymentBreakdownRow[];
  hourlyDistribution: HourlyRow[];
  currentMonth: MonthFigures;
  previousMonth: MonthFigures;
  totals: { generatedTickets: number; registeredTickets: number; revenue: number; activeUsers: number };
  performance: {
    peakHour: { hour: number; count: number } | null;
    bestDay: { date: string; count: number } | null;
    /** Of the tickets generated in the period, the share registered by now, in % (1 decimal). */
    registrationRate: number | null;
    /** Median handling time of this server's API requests over the last hour (ms), null before any. */
    medianResponseMs: number | null;
    responseSamples: number;
  };
}

export interface UserProgressRow {
  userEmail: string;
  /** Tickets this user generated (stock). */
  totalTickets: number;
  /** Of those, registered (voided ones included). */
  registeredTickets: number;
  /** registeredTickets / totalTickets in % (1 decimal). */
  registrationRate: number;
  /** Pesos of this user's generated tickets that are sold (registered, not voided). */
  totalSales: number;
  latestTicketDate: string | null;
  /** Tickets this user sold (registered to their buyer), not voided: docs/figures.md. */
  soldTickets: number;
  /** Their amounts, in pesos. */
  soldAmount: number;
  /** The part paid in cash: what the seller collected and owes until remitted. */
  cashCollected: number;
  /** Remittances recorded for this seller that are not void, in pesos. */
  remitted: number;
  /** Cash collected − remitted − adjustments: what the seller still owes (Remittances' balance). */
  owed: number;
}

export interface UserProgress {
  success: true;
  overview: { totalRevenue: number; totalTicketsGenerated: number; totalRegistered: number; activeUsers: number };
  userProgress: UserProgressRow[];
}

export const dashboardApi = {
  stats: () => apiRequest<DashboardStats>("/dashboard/stats"),
  historical: (period: AnalyticsPeriod) =>
    apiRequest<HistoricalAnalytics>(`/dashboard/analytics/historical?period=${encodeURIComponent(period)}`),
  userProgress: () => apiRequest<UserProgress>("/dashboard/admin/user-progress"),
};
