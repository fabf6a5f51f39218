import { format } from "date-fns/format";
import { describe, expect, it } from "vitest";
import {
  averageTicketValue,
  dailyPoints,
  formatDay,
  formatPercent,
  formatResponseTime,
  hourRangeLabel,
  hourlyPoints,
  methodSlices,
  monthlyGrowth,
  rateTone,
  sharePercent,
} from "./figures";

describe("derived figures", () => {
  it("monthly growth compares this month's revenue with the previous month's, none without one", () => {
    expect(monthlyGrowth(1500, 1000)).toBe(50);
    expect(monthlyGrowth(500, 1000)).toBe(-50);
    expect(monthlyGrowth(1000, 3000)).toBe(-66.7);
    expect(monthlyGrowth(100, 0)).toBeNull();
    expect(monthlyGrowth(0, "oops")).toBeNull();
  });

  it("average ticket value and shares", () => {
    expect(averageTicketValue(245.5, 3)).toBe(81.83);
    expect(averageTicketValue(100, 0)).toBe(0);
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(5, 0)).toBe(0);
  });

  it("registration-rate tones change at 25 and 50", () => {
    expect([rateTone(50), rateTone(49.9), rateTone(25), rateTone(24.9), rateTone("x")]).toEqual([
      "green",
      "yellow",
      "yellow",
      "red",
      "red",
    ]);
  });

  it("labels hours, response times and percentages", () => {
    expect(hourRangeLabel(14)).toBe("2:00 PM - 3:00 PM");
    expect(hourRangeLabel(0)).toBe("12:00 AM - 1:00 AM");
    expect(hourRangeLabel(11)).toBe("11:00 AM - 12:00 PM");
    expect(hourRangeLabel(23)).toBe("11:00 PM - 12:00 AM");
    expect(formatResponseTime(38.4)).toBe("38 ms");
    expect(formatResponseTime(1234)).toBe("1.2s");
    expect(formatPercent(4, { signed: true })).toBe("+4.0%");
    expect(formatPercent(-2.25)).toBe("-2.3%");
  });
});

describe("display rules on the API's data", () => {
  it("days are calendar dates, with 'No Date' and 'Invalid Date'", () => {
    expect(formatDay("2024-02-29", "MMM dd")).toBe("Feb 29");
    expect(formatDay(undefined, "MMM dd")).toBe("No Date");
    expect(formatDay("", "MMM dd")).toBe("No Date");
    expect(formatDay("2024-13-40", "MMM dd")).toBe("Invalid Date");
    expect(formatDay("2023-02-29", "MMM dd")).toBe("Invalid Date");
    expect(formatDay("2024-00-10", "MMM dd")).toBe("Invalid Date");
    expect(formatDay("24-01-10", "MMM dd")).toBe("Invalid Date");
    expect(formatDay("2024-12-31T23:00:00", "MMM dd, yyyy")).toBe("Dec 31, 2024");
    expect(formatDay("2024-03-09", "MMM dd")).toBe("Mar 09");
    expect(formatDay(42, "MMM dd")).toBe("Invalid Date");
  });

  it("formats every month as date-fns' MMM dd and MMM dd, yyyy did", () => {
    for (let month = 1; month <= 12; month++) {
      const iso = `2025-${String(month).padStart(2, "0")}-07`;
      const date = new Date(2025, month - 1, 7);
      expect(formatDay(iso, "MMM dd")).toBe(format(date, "MMM dd"));
      expect(formatDay(iso, "MMM dd, yyyy")).toBe(format(date, "MMM dd, yyyy"));
    }
  });

  it("non-array data is empty and non-numeric counts are 0", () => {
    expect(dailyPoints({ nope: true })).toEqual([]);
    expect(dailyPoints([{ date: "2026-01-02", count: "x" }])).toEqual([
      { date: "2026-01-02", label: "Jan 02", count: 0, revenue: 0 },
    ]);
    expect(methodSlices("oops")).toEqual([]);
    const hours = hourlyPoints([{ hour: 14, count: "3" }, { hour: 99, count: 5 }, null]);
    expect(hours).toHaveLength(24);
    expect(hours[14]).toEqual({ hour: 14, label: "2 PM", count: 3 });
    expect(hours.reduce((n, h) => n + h.count, 0)).toBe(3);
  });

  it("payment slices carry labels, with 'Unknown' for a missing method, and shares of the tickets", () => {
    expect(
      methodSlices([
        { method: "cash", count: 3, revenue: 150 },
        { method: "gcash", count: 1, revenue: 0 },
        { count: 0, revenue: 0 },
        { method: null, count: 4, revenue: 50 },
      ]),
    ).toEqual([
      { method: "cash", label: "Cash", count: 3, revenue: 150, percent: 37.5 },
      { method: "gcash", label: "GCash", count: 1, revenue: 0, percent: 12.5 },
      { method: "", label: "Unknown", count: 4, revenue: 50, percent: 50 },
    ]);
  });
});
