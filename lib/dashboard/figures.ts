// What the statistics screens derive from the API's figures, and SPEC 5's display rules applied to
// them: non-array data is empty, non-numeric counts are 0, missing dates 'No Date'/'Invalid Date'.
import { INVALID_DATE, NO_DATE, asArray, paymentMethodLabel, toNumber } from "@/lib/format";

/** Rounds to one decimal. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** part of whole in % (1 decimal); 0 when there is no whole. */
export function sharePercent(part: unknown, whole: unknown): number {
  const w = toNumber(whole);
  return w > 0 ? oneDecimal((toNumber(part) / w) * 100) : 0;
}

/** This month's revenue against the previous month's, in % (1 decimal); null without a previous month to compare with.
 */
export function monthlyGrowth(current: unknown, previous: unknown): number | null {
  const prev = toNumber(previous);
  if (prev <= 0) return null;
  return oneDecimal(((toNumber(current) - prev) / prev) * 100);
}

/** Revenue per sold ticket (₱); 0 with none sold (docs/figures.md). */
export function averageTicketValue(revenue: unknown, registered: unknown): number {
  const r = toNumber(registered);
  return r > 0 ? Math.round((toNumber(revenue) / r) * 100) / 100 : 0;
}

/** 14 → "2:00 PM - 3:00 PM" */
export function hourRangeLabel(hour: number): string {
  const label = (h: number) => `${h % 12 === 0 ? 12 : h % 12}:00 ${h % 24 < 12 ? "AM" : "PM"}`;
  return `${label(hour)} - ${label(hour + 1)}`;
}

/** 0 → "12 AM", 14 → "2 PM" (chart axis). */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
}

/** "38 ms" below a second, "1.2s" above. */
export function formatResponseTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** "12.5%", "+4.0%" with `signed`. */
export function formatPercent(value: number, options: { signed?: boolean } = {}): string {
  const text = `${value.toFixed(1)}%`;
  return options.signed && value > 0 ? `+${text}` : text;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The two ways the statistics screens show a day (date-fns' "MMM dd" and "MMM dd, yyyy"). */
export type DayPattern = "MMM dd" | "MMM dd, yyyy";

/**
 * A raffle-local day from the API ('YYYY-MM-DD'): 'Feb 09' or 'Feb 09, 2024'. The day is already
 * the raffle's, so it is read as a calendar date, never shifted through a timezone. Written by
 * hand, not with date-fns' parse and format: their parsers, formatters and locale weigh 10 kB in
 * every statistics screen's first load (decision 176).
 */
export function formatDay(value: unknown, pattern: DayPattern): string {
  if (value === null || value === undefined || value === "") return NO_DATE;
  if (typeof value !== "string") return INVALID_DATE;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return INVALID_DATE;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(year, month - 1, date);
  // A day that does not exist (2023-02-29, 2024-13-40) rolls over; it is not that day.
  if (day.getFullYear() !== year || day.getMonth() !== month - 1 || day.getDate() !== date) return INVALID_DATE;
  const short = `${MONTHS[month - 1]} ${match[3]}`;
  return pattern === "MMM dd" ? short : `${short}, ${match[1]}`;
}

/** Registration-rate dot (SPEC sections 2 and 9): green at 50% or more, yellow at 25% or more, red below. */
export function rateTone(rate: unknown): "green" | "yellow" | "red" {
  const r = toNumber(rate);
  return r >= 50 ? "green" : r >= 25 ? "yellow" : "red";
}

export interface MethodSlice {
  method: string;
  label: string;
  count: number;
  revenue: number;
  /** Share of the tickets, in % (1 decimal). */
  percent: number;
}

/** Payment breakdown rows as the doughnut and the table show them: labels, numbers, shares; empty rows dropped. */
export function methodSlices(breakdown: unknown): MethodSlice[] {
  const rows = asArray<{ method?: unknown; count?: unknown; revenue?: unknown }>(breakdown)
    .filter(
      (row): row is { method?: unknown; count?: unknown; revenue?: unknown } => typeof row === "object" && row !== null,
    )
    .map((row) => ({
      method: typeof row.method === "string" ? row.method : "",
      count: toNumber(row.count),
      revenue: toNumber(row.revenue),
    }))
    .filter((row) => row.count > 0 || row.revenue > 0);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return rows.map((row) => ({
    ...row,
    label: paymentMethodLabel(row.method),
    percent: sharePercent(row.count, total),
  }));
}

/** Daily points for a chart: day label, count, revenue (display rules applied). */
export function dailyPoints(daily: unknown): { date: string; label: string; count: number; revenue: number }[] {
  return asArray<{ date?: unknown; count?: unknown; revenue?: unknown }>(daily).map((d) => ({
    date: typeof d?.date === "string" ? d.date : "",
    label: formatDay(d?.date, "MMM dd"),
    count: toNumber(d?.count),
    revenue: toNumber(d?.revenue),
  }));
}

/** 24 hourly points, whatever the API sent (missing hours are 0). */
export function hourlyPoints(hourly: unknown): { hour: number; label: string; count: number }[] {
  const counts = new Map<number, number>();
  for (const row of asArray<{ hour?: unknown; count?: unknown }>(hourly)) {
    const hour = toNumber(row?.hour);
    if (Number.isInteger(hour) && hour >= 0 && hour < 24)
      counts.set(hour, (counts.get(hour) ?? 0) + toNumber(row?.count));
  }
  return Array.from({ length: 24 }, (_, hour) => ({ hour, label: hourLabel(hour), count: counts.get(hour) ?? 0 }));
}
