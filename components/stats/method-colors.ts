// Payment-method colours of the charts and the tables beside them (kept apart from the chart
// components so a table does not pull recharts in; decision 172).

/** Slice colours: Cash, GCash, Bank Transfer, then anything else. */
const COLORS: Record<string, string> = {
  cash: "var(--chart-1)",
  gcash: "var(--chart-2)",
  bank_transfer: "var(--chart-3)",
};
const OTHER_COLORS = ["var(--chart-4)", "var(--chart-5)"];

export function methodColor(method: string, index: number): string {
  return COLORS[method] ?? OTHER_COLORS[index % OTHER_COLORS.length];
}
