import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { HistoricalAnalytics } from "@/lib/api/dashboard";
import { buildAnalyticsReportCsv, reportFileName } from "./report-csv";

const analytics: HistoricalAnalytics = {
  success: true,
  period: "7d",
  timezone: "Asia/Manila",
  range: { from: "2026-11-17", to: "2026-11-23" },
  trends: {
    daily: [
      { date: "2026-11-22", count: 2, registered: 1, revenue: 50 },
      { date: "2026-11-23", count: 3, registered: 2, revenue: 125.5 },
    ],
  },
  paymentBreakdown: [
    { method: "cash", count: 4, revenue: 125.5 },
    { method: "gcash", count: 1, revenue: 50 },
  ],
  hourlyDistribution: [{ hour: 14, count: 5 }],
  currentMonth: { registeredTickets: 3, revenue: 175.5 },
  previousMonth: { registeredTickets: 2, revenue: 100 },
  totals: { generatedTickets: 5, registeredTickets: 3, revenue: 175.5, activeUsers: 2 },
  performance: {
    peakHour: { hour: 14, count: 5 },
    bestDay: { date: "2026-11-23", count: 3 },
    registrationRate: 60,
    medianResponseMs: 12.3,
    responseSamples: 9,
  },
};

describe("the analytics report CSV", () => {
  it("is named by the report date in the raffle's timezone", () => {
    // 23:30 UTC on the 22nd is already the 23rd in Manila.
    expect(reportFileName(new Date("2026-11-22T23:30:00Z"), "Asia/Manila")).toBe("analytics-report-2026-11-23.csv");
  });

  it("holds the screen's figures, section by section", () => {
    const csv = buildAnalyticsReportCsv({
      analytics,
      reportDate: new Date("2026-11-23T02:00:00Z"),
      timeZone: "Asia/Manila",
    });
    const rows = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: false }).data;
    const row = (first: string) => rows.find((r) => r[0] === first);
    expect(rows[0]).toEqual(["Analytics Report"]);
    expect(row("Report Date")).toEqual(["Report Date", "2026-11-23T10:00:00.000+08:00"]);
    expect(row("Period")).toEqual(["Period", "Last 7 days (2026-11-17 to 2026-11-23)"]);
    expect(row("Total Revenue")).toEqual(["Total Revenue", "175.50"]);
    expect(row("Avg. Ticket Value")).toEqual(["Avg. Ticket Value", "58.50"]);
    expect(row("Monthly Growth (%)")).toEqual(["Monthly Growth (%)", "75.5"]);
    expect(row("Active Users")).toEqual(["Active Users", "2"]);
    expect(row("Peak Hour")).toEqual(["Peak Hour", "2:00 PM - 3:00 PM (5 tickets)"]);
    expect(row("Median API Response Time")).toEqual(["Median API Response Time", "12 ms"]);
    expect(row("2026-11-23")).toEqual(["2026-11-23", "3", "125.50"]);
    expect(row("Cash")).toEqual(["Cash", "4", "125.50", "80.0%"]);
    expect(row("GCash")).toEqual(["GCash", "1", "50.00", "20.0%"]);
    expect(row("2:00 PM - 3:00 PM")).toEqual(["2:00 PM - 3:00 PM", "5"]);
    expect(rows.filter((r) => /^\d+:00 [AP]M - /.test(r[0]))).toHaveLength(24);
  });

  it("quotes values that hold commas and says N/A where there is nothing to compare", () => {
    const csv = buildAnalyticsReportCsv({
      analytics: {
        ...analytics,
        previousMonth: { registeredTickets: 0, revenue: 0 },
        paymentBreakdown: [{ method: "Cash, GCash", count: 1, revenue: 1 }],
      },
      reportDate: new Date("2026-11-23T02:00:00Z"),
      timeZone: "Asia/Manila",
    });
    expect(csv).toContain('"Cash, GCash",1,1.00,100.0%');
    expect(csv).toContain("Monthly Growth (%),N/A");
  });
});
