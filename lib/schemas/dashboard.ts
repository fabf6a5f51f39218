// The statistics endpoints' query strings, shared by the route handlers and the screens.
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
