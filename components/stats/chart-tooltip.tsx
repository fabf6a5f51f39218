"use client";

import type { TooltipContentProps } from "recharts";

/** The charts' tooltip box, in the theme's popover colours (readable in dark mode). */
export function ChartTooltipBox({
  title,
  lines,
}: {
  title?: string;
  lines: { label: string; value: string; color?: string }[];
}) {
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      {title && <p className="mb-1 font-medium">{title}</p>}
      {lines.map((line) => (
        <p key={line.label} className="flex items-center gap-2">
          {line.color && <span className="size-2.5 rounded-sm" style={{ background: line.color }} />}
          <span className="text-muted-foreground">{line.label}:</span>
          <span className="font-medium tabular-nums">{line.value}</span>
        </p>
      ))}
    </div>
  );
}

/** Tooltip for the line charts: the point's label and each series' value. */
export function lineTooltip(format: (value: number) => string) {
  function LineTooltip({ active, payload, label }: TooltipContentProps) {
    if (!active || !payload?.length) return null;
    return (
      <ChartTooltipBox
        title={String(label ?? "")}
        lines={payload.map((p) => ({
          label: String(p.name ?? ""),
          value: format(Number(p.value ?? 0)),
          color: p.color,
        }))}
      />
    );
  }
  return LineTooltip;
}
