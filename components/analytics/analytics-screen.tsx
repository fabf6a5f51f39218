"use client";

import { Download, TrendingDown, TrendingUp, Users, Wallet, Receipt } from "lucide-react";
import { urlLiteral } from "@/lib/url-state";
import { useUrlParam } from "@/lib/use-url-state";
import { exportAnalyticsReport } from "@/components/analytics/export-report";
import { PaymentBreakdownTable } from "@/components/analytics/payment-breakdown-table";
import { PerformanceMetricsCard } from "@/components/analytics/performance-metrics-card";
import { PageHeader } from "@/components/dashboard/page-header";
import { ChartCard } from "@/components/stats/chart-card";
import { StatCard } from "@/components/stats/stat-card";
import { PaymentDoughnut, SeriesLineChart } from "@/components/stats/lazy-charts";
import { STATS_LOAD_ERRORS, useLoadErrorToast } from "@/components/stats/use-load-error-toast";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import {
  averageTicketValue,
  dailyPoints,
  formatPercent,
  hourlyPoints,
  methodSlices,
  monthlyGrowth,
} from "@/lib/dashboard/figures";
import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  type AnalyticsPeriod,
} from "@/lib/dashboard/periods";
import { formatCount, formatCountOf, formatPeso, toNumber } from "@/lib/format";
import { useHistoricalAnalytics } from "@/lib/queries/dashboard";
import { useRaffleTimezone } from "@/lib/queries/settings";

const periodParser = urlLiteral(ANALYTICS_PERIODS).withDefault(DEFAULT_ANALYTICS_PERIOD);
const pesoTick = (v: number) => (v >= 1000 ? `₱${Math.round(v / 100) / 10}k` : `₱${v}`);

export function AnalyticsScreen() {
  // The period lives in the URL (?period=7d), so a reload, a bookmark or Back keeps it.
  const [period, setPeriod] = useUrlParam("period", periodParser);
  const query = useHistoricalAnalytics(period);
  useLoadErrorToast(query, STATS_LOAD_ERRORS.analytics);
  const timeZone = useRaffleTimezone();

  const data = query.data;
  const isLoading = query.isPending;
  const periodLabel = ANALYTICS_PERIOD_LABELS[period];
  // On failure every figure falls back to 0 (SPEC section 8).
  const revenue = toNumber(data?.totals?.revenue);
  const registered = toNumber(data?.totals?.registeredTickets);
  const growth = monthlyGrowth(data?.currentMonth?.revenue, data?.previousMonth?.revenue);
  const daily = dailyPoints(data?.trends?.daily);
  const hourly = hourlyPoints(data?.hourlyDistribution);
  const slices = methodSlices(data?.paymentBreakdown);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader title="Analytics" description="Sales and registrations over time" />
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="analytics-period" className="sr-only">
            Period
          </label>
          <NativeSelect
            id="analytics-period"
            wrapperClassName="w-40"
            value={period}
            onChange={(event) => void setPeriod(event.target.value as AnalyticsPeriod)}
          >
            {ANALYTICS_PERIODS.map((p) => (
              <option key={p} value={p}>
                {ANALYTICS_PERIOD_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="outline"
            onClick={() => void exportAnalyticsReport({ analytics: data, timeZone })}
            disabled={isLoading}
          >
            <Download />
            Export Report
          </Button>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={query.isFetching}>
        <StatCard
          title="Total Revenue"
          value={formatPeso(revenue)}
          icon={Wallet}
          isLoading={isLoading}
          description={`${formatCountOf(registered, "ticket")} sold, ${periodLabel.toLowerCase()}`}
        />
        <StatCard
          title="Avg. Ticket Value"
          value={formatPeso(averageTicketValue(revenue, registered))}
          icon={Receipt}
          isLoading={isLoading}
          description="Revenue per sold ticket"
        />
        <StatCard
          title="Monthly Growth"
          value={growth === null ? "N/A" : formatPercent(growth, { signed: true })}
          icon={growth !== null && growth < 0 ? TrendingDown : TrendingUp}
          isLoading={isLoading}
          description={
            growth === null ? "No revenue last month to compare with" : "Revenue this month against last month"
          }
        />
        <StatCard
          title="Active Users"
          value={formatCount(data?.totals?.activeUsers)}
          icon={Users}
          isLoading={isLoading}
          description={`Staff who generated tickets, ${periodLabel.toLowerCase()}`}
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ChartCard
            title="Revenue Trend"
            description={`Revenue of tickets sold per day (voids excluded), ${periodLabel.toLowerCase()}`}
            testId="revenue-chart"
            isLoading={isLoading}
            isEmpty={daily.every((d) => d.revenue === 0)}
            emptyText="No revenue in this period"
            table={{
              caption: `Revenue per day, ${periodLabel.toLowerCase()}`,
              columns: ["Date", "Revenue"],
              rows: daily.map((d) => [d.label, formatPeso(d.revenue)]),
            }}
          >
            <SeriesLineChart
              data={daily}
              series={[{ key: "revenue", name: "Revenue", color: "var(--chart-2)" }]}
              formatValue={formatPeso}
              formatTick={pesoTick}
            />
          </ChartCard>
        </div>
        <ChartCard
          title="Payment Methods"
          description="Tickets sold in the period, by payment method"
          testId="payment-chart"
          isLoading={isLoading}
          isEmpty={slices.every((s) => s.count === 0)}
          emptyText="No tickets sold in this period"
          table={{
            caption: "Tickets sold by payment method",
            columns: ["Payment Method", "Tickets Sold", "Share"],
            rows: slices.map((s) => [s.label, s.count, `${s.percent.toFixed(1)}%`]),
          }}
        >
          <PaymentDoughnut slices={slices.filter((s) => s.count > 0)} />
        </ChartCard>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="Hourly Distribution"
          description="Tickets generated by hour of the day"
          testId="hourly-chart"
          isLoading={isLoading}
          isEmpty={hourly.every((h) => h.count === 0)}
          emptyText="No tickets in this period"
          table={{
            caption: "Tickets generated by hour of the day",
            columns: ["Hour", "Tickets"],
            rows: hourly.map((h) => [h.label, h.count]),
          }}
        >
          <SeriesLineChart data={hourly} series={[{ key: "count", name: "Tickets", color: "var(--chart-4)" }]} />
        </ChartCard>
        <PerformanceMetricsCard performance={data?.performance} isLoading={isLoading} />
      </div>

      <PaymentBreakdownTable slices={slices} isLoading={isLoading} />
    </div>
  );
}
