// The statistics endpoints' query strings, shared by the route handlers and the screens, and their
// answers: the one contract the server's serialisers (server/dashboard/*) are typed from, the
// screens' types, and what tests/integration/response-contracts.test.ts parses the answers with.
// docs/api.md describes every field. Dates are raffle-local days ('YYYY-MM-DD'), hours are
// raffle-local hours 0-23, instants are UTC ISO strings, amounts are pesos.
import { z } from "zod";
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from "@/lib/dashboard/periods";

export const PERIOD_MESSAGE = `period must be one of ${ANALYTICS_PERIODS.join(", ")}`;

/** GET /api/dashboard/analytics/historical?period=7d|30d|90d|1y (blank or missing: 30d). */
export const historicalQuerySchema = z.object({
  period: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(ANALYTICS_PERIODS, { error: PERIOD_MESSAGE }).default(DEFAULT_ANALYTICS_PERIOD),
  ),
});

export type HistoricalQuery = z.output<typeof historicalQuerySchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int();

export const paymentBreakdownRowSchema = z.object({
  /** cash, gcash, bank_transfer (lower case), or whatever else a ticket carries. */
  method: z.string(),
  /** Tickets sold (registered in the period, not voided) with this method (docs/figures.md). */
  count,
  /** Their amounts, in pesos. */
  revenue: z.number(),
});
export type PaymentBreakdownRow = z.infer<typeof paymentBreakdownRowSchema>;

export const hourlyRowSchema = z.object({ hour: z.number().int().min(0).max(23), count });
export type HourlyRow = z.infer<typeof hourlyRowSchema>;

export const recentActivitySchema = z.object({
  ticket_id: z.uuid(),
  buyer_name: z.string().nullable(),
  control_number: z.string(),
  payment_method: z.string(),
  /** When the activity happened: the ticket's creation, or its registration. */
  created_at: z.iso.datetime({ offset: true }),
  activity_type: z.enum(["generated", "registered"]),
  /** The ticket's state now (the row's Registered/Unregistered badge). */
  is_registered: z.boolean(),
  /** Voided now (the row's Void badge): out of the raffle and the sales figures. */
  is_void: z.boolean(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

/** GET /api/dashboard/stats: the Overview's figures. */
export const dashboardStatsSchema = z.object({
  success: z.literal(true),
  timezone: z.string(),
  summary: z.object({
    total: count,
    today: count,
    thisWeek: count,
    thisMonth: count,
    cash: count,
    gcash: count,
    bank_transfer: count,
    registered: count,
    unregistered: count,
    revenue: z.number(),
  }),
  trends: z.object({ daily: z.array(z.object({ date: day, count })) }),
  paymentBreakdown: z.array(paymentBreakdownRowSchema),
  hourlyDistribution: z.array(hourlyRowSchema),
  recentActivity: z.array(recentActivitySchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

const monthFiguresSchema = z.object({ registeredTickets: count, revenue: z.number() });
export type MonthFigures = z.infer<typeof monthFiguresSchema>;

/** GET /api/dashboard/analytics/historical: the Analytics tab's figures for a period. */
export const historicalAnalyticsSchema = z.object({
  success: z.literal(true),
  period: z.enum(ANALYTICS_PERIODS),
  timezone: z.string(),
  range: z.object({ from: day, to: day }),
  trends: z.object({ daily: z.array(z.object({ date: day, count, registered: count, revenue: z.number() })) }),
  paymentBreakdown: z.array(paymentBreakdownRowSchema),
  hourlyDistribution: z.array(hourlyRowSchema),
  currentMonth: monthFiguresSchema,
  previousMonth: monthFiguresSchema,
  totals: z.object({ generatedTickets: count, registeredTickets: count, revenue: z.number(), activeUsers: count }),
  performance: z.object({
    peakHour: hourlyRowSchema.nullable(),
    bestDay: z.object({ date: day, count }).nullable(),
    /** Of the tickets generated in the period, the share registered by now, in % (1 decimal). */
    registrationRate: z.number().nullable(),
    /** Median handling time of this server's API requests over the last hour (ms), null before any. */
    medianResponseMs: z.number().nullable(),
    responseSamples: count,
  }),
});
export type HistoricalAnalytics = z.infer<typeof historicalAnalyticsSchema>;

export const userProgressRowSchema = z.object({
  userEmail: z.string(),
  /** Tickets this user generated (stock). */
  totalTickets: count,
  /** Of those, registered (voided ones included). */
  registeredTickets: count,
  /** registeredTickets / totalTickets in % (1 decimal). */
  registrationRate: z.number(),
  /** Pesos of this user's generated tickets that are sold (registered, not voided). */
  totalSales: z.number(),
  latestTicketDate: z.iso.datetime({ offset: true }).nullable(),
  /** Tickets this user sold (registered to their buyer), not voided: docs/figures.md. */
  soldTickets: count,
  /** Their amounts, in pesos. */
  soldAmount: z.number(),
  /** The part paid in cash: what the seller collected and owes until remitted. */
  cashCollected: z.number(),
  /** Remittances recorded for this seller that are not void, in pesos. */
  remitted: z.number(),
  /** Cash collected − remitted − adjustments: what the seller still owes (Remittances' balance). */
  owed: z.number(),
});
export type UserProgressRow = z.infer<typeof userProgressRowSchema>;

/** GET /api/dashboard/admin/user-progress: the User Sales tab. */
export const userProgressSchema = z.object({
  success: z.literal(true),
  overview: z.object({
    totalRevenue: z.number(),
    totalTicketsGenerated: count,
    totalRegistered: count,
    activeUsers: count,
  }),
  userProgress: z.array(userProgressRowSchema),
});
export type UserProgress = z.infer<typeof userProgressSchema>;
