"use client";

import { CheckCircle2, Ticket, Users, Wallet } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { StatCard } from "@/components/stats/stat-card";
import { STATS_LOAD_ERRORS, useLoadErrorToast } from "@/components/stats/use-load-error-toast";
import { UserProgressTable } from "@/components/user-sales/user-progress-table";
import { sharePercent } from "@/lib/dashboard/figures";
import { formatCount, formatPeso } from "@/lib/format";
import { useUserProgress } from "@/lib/queries/dashboard";
import { useRaffleTimezone } from "@/lib/queries/settings";

export function UserSalesScreen() {
  const query = useUserProgress();
  useLoadErrorToast(query, STATS_LOAD_ERRORS.userSales);
  const timeZone = useRaffleTimezone();
  const overview = query.data?.overview;
  const isLoading = query.isPending;

  return (
    <div className="space-y-6">
      <PageHeader title="User Sales" description="Sales per staff member" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Sales"
          value={formatPeso(overview?.totalRevenue)}
          icon={Wallet}
          isLoading={isLoading}
          description="From sold tickets (voids excluded)"
        />
        <StatCard
          title="Total Tickets Generated"
          value={formatCount(overview?.totalTicketsGenerated)}
          icon={Ticket}
          isLoading={isLoading}
          description="By every staff member"
        />
        <StatCard
          title="Registered Tickets"
          value={formatCount(overview?.totalRegistered)}
          icon={CheckCircle2}
          isLoading={isLoading}
          description={
            sharePercent(overview?.totalRegistered, overview?.totalTicketsGenerated).toFixed(1) +
            "% of generated tickets"
          }
        />
        <StatCard
          title="Active Users"
          value={formatCount(overview?.activeUsers)}
          icon={Users}
          isLoading={isLoading}
          description="Staff who generated or sold tickets"
        />
      </div>
      <UserProgressTable rows={query.data?.userProgress} isLoading={isLoading} timeZone={timeZone} />
    </div>
  );
}
