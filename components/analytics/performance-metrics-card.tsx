import { CalendarCheck, Clock3, Gauge, Percent } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { HistoricalAnalytics } from "@/lib/api/dashboard";
import { formatDay, formatPercent, formatResponseTime, hourRangeLabel } from "@/lib/dashboard/figures";
import { formatCount, formatCountOf } from "@/lib/format";

function Metric({
  icon: Icon,
  label,
  value,
  detail,
}: {
  icon: typeof Gauge;
  label: string;
  value: string;
  detail: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border p-3" data-testid="performance-metric">
      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="font-semibold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
}

/**
 * Performance Metrics (SPEC section 2) computed from the data, never sample figures: the busiest
 * hour, the best day, the share of the period's tickets now registered, and the median time this
 * server took to answer API requests over the last hour.
 */
export function PerformanceMetricsCard({
  performance,
  isLoading,
}: {
  performance: HistoricalAnalytics["performance"] | undefined;
  isLoading: boolean;
}) {
  const p = performance;
  return (
    <Card className="gap-4" data-testid="performance-metrics">
      <CardHeader>
        <CardTitle>Performance Metrics</CardTitle>
        <CardDescription>Computed from the tickets of the selected period</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        {isLoading ? (
          ["Peak Hour", "Best Day", "Conversion Rate", "Response Time"].map((label) => (
            <Skeleton key={label} className="h-20 w-full" label={`Loading ${label}`} />
          ))
        ) : (
          <>
            <Metric
              icon={Clock3}
              label="Peak Hour"
              value={p?.peakHour ? hourRangeLabel(p.peakHour.hour) : "N/A"}
              detail={p?.peakHour ? formatCountOf(p.peakHour.count, "ticket") : "No tickets in this period"}
            />
            <Metric
              icon={CalendarCheck}
              label="Best Day"
              value={p?.bestDay ? formatCountOf(p.bestDay.count, "ticket") : "N/A"}
              detail={p?.bestDay ? formatDay(p.bestDay.date, "MMM dd, yyyy") : "No tickets in this period"}
            />
            <Metric
              icon={Percent}
              label="Conversion Rate"
              value={p?.registrationRate == null ? "N/A" : formatPercent(p.registrationRate)}
              detail="Of the period's tickets, registered to a buyer"
            />
            <Metric
              icon={Gauge}
              label="Response Time"
              value={p?.medianResponseMs == null ? "N/A" : formatResponseTime(p.medianResponseMs)}
              detail={
                p?.responseSamples
                  ? `Median of ${formatCount(p.responseSamples)} API requests, last hour`
                  : "No API requests in the last hour"
              }
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
