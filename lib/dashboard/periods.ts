// The Analytics screen's periods (SPEC sections 2 and 9): the values the URL and the API use,
// their labels, and how many raffle-local days each covers (today included).
export const ANALYTICS_PERIODS = ["7d", "30d", "90d", "1y"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = "30d";

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "1y": "Last year",
};

/** "Last year" is the last 365 days, like the others a run of whole days ending today. */
export const ANALYTICS_PERIOD_DAYS: Record<AnalyticsPeriod, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

/** The Overview's line chart: tickets generated on each of the last 30 days. */
export const OVERVIEW_TREND_DAYS = 30;

/** Recent Activity lists this many generations and registrations. */
export const RECENT_ACTIVITY_LIMIT = 10;
