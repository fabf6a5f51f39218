"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { lineTooltip } from "@/components/stats/chart-tooltip";

export interface LineSeries<K extends string> {
  key: K;
  name: string;
  color: string;
}

/**
 * A line chart sized by its box: one or more series over labelled points (days or hours).
 * Colours are the theme's --chart-N variables, so light and dark both read.
 */
export function SeriesLineChart<K extends string>({
  data,
  series,
  formatValue = (v) => v.toLocaleString("en-US"),
  formatTick,
}: {
  data: ({ label: string } & Record<K, number>)[];
  series: LineSeries<K>[];
  formatValue?: (value: number) => string;
  formatTick?: (value: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0} initialDimension={{ width: 320, height: 240 }}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
          tickLine={false}
          axisLine={{ stroke: "var(--border)" }}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          width={48}
          tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          tickFormatter={formatTick}
        />
        <Tooltip
          content={lineTooltip(formatValue)}
          cursor={{ stroke: "var(--muted-foreground)", strokeDasharray: "3 3" }}
        />
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            strokeWidth={2}
            dot={data.length <= 31 ? { r: 2.5, fill: s.color } : false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
