"use client";

import { toast } from "@/components/ui/sonner";
import type { HistoricalAnalytics } from "@/lib/api/dashboard";

/**
 * Builds the report in the browser and downloads it (SPEC section 2: produced client-side). The CSV
 * writer (papaparse) loads on the first export, not with the screen (decision 176).
 */
export async function exportAnalyticsReport(options: { analytics: HistoricalAnalytics | undefined; timeZone: string }) {
  try {
    if (!options.analytics) throw new Error("No analytics loaded");
    const reportDate = new Date();
    const { buildAnalyticsReportCsv, reportFileName } = await import("@/lib/dashboard/report-csv");
    const csv = buildAnalyticsReportCsv({ analytics: options.analytics, reportDate, timeZone: options.timeZone });
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = reportFileName(reportDate, options.timeZone);
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Revoked after the click has been handled, or some browsers cancel the download.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast.success("Report exported successfully!");
  } catch {
    toast.error("Failed to export report");
  }
}
