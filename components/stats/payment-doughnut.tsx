"use client";

import { Legend, Pie, PieChart, ResponsiveContainer, Tooltip, type TooltipContentProps } from "recharts";
import { ChartTooltipBox } from "@/components/stats/chart-tooltip";
import { methodColor } from "@/components/stats/method-colors";
import type { MethodSlice } from "@/lib/dashboard/figures";
import { formatCount } from "@/lib/format";

function SliceTooltip({ active, payload }: TooltipContentProps) {
  if (!active || !payload?.length) return null;
  const slice = payload[0].payload as MethodSlice & { fill: string };
  return (
    <ChartTooltipBox
      lines={[
        { label: slice.label, value: `${formatCount(slice.count)} (${slice.percent.toFixed(1)}%)`, color: slice.fill },
      ]}
    />
  );
}

/**
 * Tickets by payment method (SPEC section 2): a doughnut whose hole is 60% of its radius
 * (inner 54% of the box's half-size, outer 90%), tooltips with count and share to 1 decimal.
 */
export function PaymentDoughnut({ slices }: { slices: MethodSlice[] }) {
  const data = slices.map((s, i) => ({ ...s, fill: methodColor(s.method, i) }));
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0} initialDimension={{ width: 320, height: 240 }}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="count"
          nameKey="label"
          innerRadius="54%"
          outerRadius="90%"
          paddingAngle={data.length > 1 ? 2 : 0}
          stroke="var(--card)"
          isAnimationActive={false}
          // The drawing is hidden from screen readers (its table is not): keep it out of the Tab order too.
          rootTabIndex={-1}
        />
        <Tooltip content={SliceTooltip} />
        <Legend
          verticalAlign="bottom"
          iconType="circle"
          itemSorter={(item) => data.findIndex((d) => d.label === item.value)}
          iconSize={10}
          formatter={(value) => <span className="text-xs text-foreground">{String(value)}</span>}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}
