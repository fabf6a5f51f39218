// The Analytics screen's Export Report (SPEC section 2): a CSV built in the browser from the figures
// on screen, named by the report date in the raffle's timezone. Sections follow the screen: the
// cards, Performance Metrics, the daily trend, payment methods and the hourly distribution.
// Amounts are plain numbers with 2 decimals so a spreadsheet can add them up.
import Papa from "papaparse";
import type { HistoricalAnalytics } from "@/lib/api/dashboard";
import { ANALYTICS_PERIOD_LABELS } from "@/lib/dashboard/periods";
import {
  averageTicketValue,
  dailyPoints,
  formatResponseTime,
  hourRangeLabel,
  hourlyPoints,
  methodSlices,
  monthlyGrowth,
} from "@/lib/dashboard/figures";
import { formatCsvDateTime, formatDateTime, TIME_FORMATS, toNumber } from "@/lib/format";

const money = (value: unknown) => toNumber(value).toFixed(2);

/** analytics-report-2026-11-23.csv */
export function reportFileName(reportDate: Date, timeZone: string): string {
  return `analytics-report-${formatDateTime(reportDate, timeZone, TIME_FORMATS.fileDate)}.csv`;
}

export function buildAnalyticsReportCsv(options: {
  analytics: HistoricalAnalytics;
  reportDate: Date;
  timeZone: string;
}): string {
  const { analytics: a, reportDate, timeZone } = options;
  const growth = monthlyGrowth(a.currentMonth?.revenue, a.previousMonth?.revenue);
  const perf = a.performance ?? ({} as Partial<HistoricalAnalytics["performance"]>);
  const registered = toNumber(a.totals?.registeredTickets);
  const sections: (string | number)[][][] = [
    [
      ["Analytics Report"],
      ["Report Date", formatCsvDateTime(reportDate, timeZone)],
      ["Period", `${ANALYTICS_PERIOD_LABELS[a.period] ?? a.period} (${a.range?.from ?? ""} to ${a.range?.to ?? ""})`],
      ["Timezone", timeZone],
    ],
    [
      ["Metric", "Value"],
      ["Total Revenue", money(a.totals?.revenue)],
      ["Tickets Generated", toNumber(a.totals?.generatedTickets)],
      ["Tickets Sold", registered],
      ["Avg. Ticket Value", money(averageTicketValue(a.totals?.revenue, registered))],
      ["Monthly Growth (%)", growth === null ? "N/A" : growth.toFixed(1)],
      ["This Month Revenue", money(a.currentMonth?.revenue)],
      ["Previous Month Revenue", money(a.previousMonth?.revenue)],
      ["Active Users", toNumber(a.totals?.activeUsers)],
      [
        "Peak Hour",
        perf.peakHour
          ? `${hourRangeLabel(perf.peakHour.hour)} ` +
            `(${perf.peakHour.count} ${perf.peakHour.count === 1 ? "ticket" : "tickets"})`
          : "N/A",
      ],
      [
        "Best Day",
        perf.bestDay
          ? `${perf.bestDay.date} (${perf.bestDay.count} ${perf.bestDay.count === 1 ? "ticket" : "tickets"})`
          : "N/A",
      ],
      ["Registration Rate (%)", perf.registrationRate == null ? "N/A" : perf.registrationRate.toFixed(1)],
      ["Median API Response Time", perf.medianResponseMs == null ? "N/A" : formatResponseTime(perf.medianResponseMs)],
    ],
    [
      ["Date", "Tickets Generated", "Revenue"],
      ...dailyPoints(a.trends?.daily).map((d) => [d.date, d.count, money(d.revenue)]),
    ],
    [
      ["Payment Method", "Tickets Sold", "Revenue", "Percentage"],
      ...methodSlices(a.paymentBreakdown).map((m) => [m.label, m.count, money(m.revenue), `${m.percent.toFixed(1)}%`]),
    ],
    [
      ["Hour", "Tickets Generated"],
      ...hourlyPoints(a.hourlyDistribution).map((h) => [hourRangeLabel(h.hour), h.count]),
    ],
  ];
  return sections.map((rows) => Papa.unparse(rows, { newline: "\r\n" })).join("\r\n\r\n") + "\r\n";
}
