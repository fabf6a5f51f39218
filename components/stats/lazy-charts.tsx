"use client";

// The chart drawings load after the screen (issue 28, decision 172): recharts is about 110 kB of
// gzipped JavaScript, the largest part of the Overview's and Analytics' first load. The figures
// do not wait for it: the stat cards and each ChartCard's table (what screen readers read) are in
// the first render; the drawing, hidden from screen readers, follows with a skeleton in its place.
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import type { SeriesLineChart as SeriesLineChartComponent } from "@/components/stats/trend-line-chart";

const drawing = () => <Skeleton className="size-full" label="Loading the chart" />;

export const SeriesLineChart = dynamic(
  () => import("@/components/stats/trend-line-chart").then((m) => m.SeriesLineChart),
  {
    ssr: false,
    loading: drawing,
  },
) as typeof SeriesLineChartComponent;

export const PaymentDoughnut = dynamic(
  () => import("@/components/stats/payment-doughnut").then((m) => m.PaymentDoughnut),
  { ssr: false, loading: drawing },
);
