"use client";

import { useState } from "react";
import { Link } from "@/components/ui/link";
import { BarChart3, CheckCircle2, Clock, PlusCircle, Ticket, Wallet } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { RecentActivityList } from "@/components/overview/recent-activity-list";
import { ChartCard } from "@/components/stats/chart-card";
import { StatCard } from "@/components/stats/stat-card";
import { LazyGenerateTicketDialog, LazyTicketDetailsDialog } from "@/components/tickets/lazy-dialogs";
import { PaymentDoughnut, SeriesLineChart } from "@/components/stats/lazy-charts";
import { STATS_LOAD_ERRORS, useLoadErrorToast } from "@/components/stats/use-load-error-toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { RecentActivity } from "@/lib/api/dashboard";
import { dailyPoints, methodSlices, sharePercent } from "@/lib/dashboard/figures";
import { formatCount, formatPeso, toNumber } from "@/lib/format";
import { useDashboardStats } from "@/lib/queries/dashboard";
import { CashOnHandAlerts } from "@/components/remittances/cash-on-hand-alerts";
import { PurgeReminderBanner } from "@/components/closeout/purge-reminder";
import { MoneyFigures } from "@/components/reconciliation/money-figures";
import { useRaffleTimezone } from "@/lib/queries/settings";

/** What an activity row hands the Ticket Details dialog: it loads the ticket by this reference. */
export interface TicketToShow {
  ticket_id: string;
  control_number: string;
}

export function OverviewScreen({ userName, isAdmin }: { userName: string; isAdmin: boolean }) {
  const query = useDashboardStats();
  useLoadErrorToast(query, STATS_LOAD_ERRORS.overview);
  const timeZone = useRaffleTimezone();
  // The Generate dialog and the Ticket Details dialog (components/tickets/, the tickets workspace)
  // open from here: the button sets `isGenerateOpen`, an activity row sets `ticketToShow`.
  const [isGenerateOpen, setGenerateOpen] = useState(false);
  const [ticketToShow, setTicketToShow] = useState<TicketToShow | null>(null);
  const openGenerateDialog = () => setGenerateOpen(true);
  const openTicketDetails = (activity: RecentActivity) =>
    setTicketToShow({ ticket_id: activity.ticket_id, control_number: activity.control_number });

  const isLoading = query.isPending;
  // On failure every figure is 0 (SPEC section 8 shows sample figures; staff decide on these, so never).
  const summary = query.data?.summary;
  const total = toNumber(summary?.total);
  const registered = toNumber(summary?.registered);
  const daily = dailyPoints(query.data?.trends?.daily);
  const slices = methodSlices(query.data?.paymentBreakdown);
  const trendTotal = daily.reduce((sum, d) => sum + d.count, 0);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader title="Dashboard Overview" description={`Welcome back, ${userName}!`} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={openGenerateDialog}>
            <PlusCircle />
            Generate Ticket
          </Button>
          {isAdmin && (
            <Button variant="outline" asChild>
              <Link href="/dashboard/analytics">
                <BarChart3 />
                View Reports
              </Link>
            </Button>
          )}
        </div>
      </div>

      {isAdmin && <PurgeReminderBanner />}
      {isAdmin && <CashOnHandAlerts />}
      {isAdmin && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">
              <h2>Money</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <MoneyFigures />
          </CardContent>
        </Card>
      )}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Tickets"
          value={formatCount(total)}
          icon={Ticket}
          isLoading={isLoading}
          description={`${formatCount(summary?.today)} generated today`}
        />
        <StatCard
          title="Registered"
          value={formatCount(registered)}
          icon={CheckCircle2}
          isLoading={isLoading}
          description={`${sharePercent(registered, total).toFixed(1)}% of all tickets`}
        />
        <StatCard
          title="Unregistered"
          value={formatCount(summary?.unregistered)}
          icon={Clock}
          isLoading={isLoading}
          description="Waiting for a buyer"
        />
        <StatCard
          title="Total Revenue"
          value={formatPeso(summary?.revenue)}
          icon={Wallet}
          isLoading={isLoading}
          description="From sold tickets (voids excluded)"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ChartCard
            title="Tickets Generated"
            description="Per day, last 30 days"
            testId="trend-chart"
            isLoading={isLoading}
            isEmpty={trendTotal === 0}
            emptyText="No tickets generated in the last 30 days"
            table={{
              caption: "Tickets generated per day, last 30 days",
              columns: ["Date", "Tickets Generated"],
              rows: daily.map((d) => [d.label, d.count]),
            }}
          >
            <SeriesLineChart
              data={daily}
              series={[{ key: "count", name: "Tickets Generated", color: "var(--chart-1)" }]}
            />
          </ChartCard>
        </div>
        <ChartCard
          title="Payment Methods"
          description="Sold tickets by payment method (unsold stubs are not counted)"
          testId="payment-chart"
          isLoading={isLoading}
          isEmpty={slices.every((s) => s.count === 0)}
          emptyText="No tickets sold yet"
          table={{
            caption: "Sold tickets by payment method",
            columns: ["Payment Method", "Tickets Sold", "Share"],
            rows: slices.map((s) => [s.label, s.count, `${s.percent.toFixed(1)}%`]),
          }}
        >
          <PaymentDoughnut slices={slices.filter((s) => s.count > 0)} />
        </ChartCard>
      </div>

      <RecentActivityList
        activities={query.data?.recentActivity}
        isLoading={isLoading}
        timeZone={timeZone}
        onOpenTicket={openTicketDetails}
      />

      {/* The tickets workspace's dialogs, loaded on first use: the Overview opens them now and then. */}
      {isGenerateOpen && <LazyGenerateTicketDialog open={isGenerateOpen} onOpenChange={setGenerateOpen} />}
      {ticketToShow && (
        <LazyTicketDetailsDialog ticket={ticketToShow} open onOpenChange={(open) => !open && setTicketToShow(null)} />
      )}
    </div>
  );
}
