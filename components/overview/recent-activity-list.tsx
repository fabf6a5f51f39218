"use client";

import { useEffect, useState } from "react";
import { formatDistance } from "date-fns/formatDistance";
import { Activity } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { RecentActivity } from "@/lib/api/dashboard";
import { asArray, formatDateTime, paymentMethodLabel } from "@/lib/format";

export const UNREGISTERED_TICKET = "Unregistered Ticket";

/** The current time, refreshed every minute, so "5 minutes ago" keeps counting. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function relativeTime(value: string, now: number): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return formatDateTime(value, "UTC");
  // A clock a few seconds behind the server's must not say "in a few seconds".
  return formatDistance(Math.min(at.getTime(), now), now, { addSuffix: true });
}

function ActivityRow({
  activity,
  now,
  timeZone,
  onOpen,
}: {
  activity: RecentActivity;
  now: number;
  timeZone: string;
  onOpen: () => void;
}) {
  const name = activity.buyer_name?.trim() || UNREGISTERED_TICKET;
  const initial = (activity.buyer_name?.trim() || "U").charAt(0).toUpperCase();
  const registered = activity.is_registered === true;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid="activity-row"
        className={
          "flex w-full items-center gap-3 px-4 py-3 text-left outline-none transition-colors " +
          "hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 " +
          "sm:px-6"
        }
      >
        <span
          aria-hidden
          className={
            "flex size-9 shrink-0 items-center justify-center rounded-full " +
            "bg-primary/15 text-sm font-semibold text-primary"
          }
        >
          {initial}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{name}</span>
          <span className="block truncate text-xs text-muted-foreground">Control #: {activity.control_number}</span>
          <span className="mt-1 flex flex-wrap items-center gap-1.5 sm:hidden">
            <ActivityBadges
              method={activity.payment_method}
              registered={registered}
              isVoid={activity.is_void === true}
            />
            <ActivityTime activity={activity} now={now} timeZone={timeZone} />
          </span>
        </span>
        <span className="hidden shrink-0 items-center gap-1.5 sm:flex">
          <ActivityBadges method={activity.payment_method} registered={registered} isVoid={activity.is_void === true} />
        </span>
        <span className="hidden w-36 shrink-0 text-right sm:block">
          <ActivityTime activity={activity} now={now} timeZone={timeZone} />
        </span>
      </button>
    </li>
  );
}

/** "Registered 5 minutes ago" / "Generated 2 hours ago", the exact time on hover. */
function ActivityTime({ activity, now, timeZone }: { activity: RecentActivity; now: number; timeZone: string }) {
  return (
    <span className="text-xs text-muted-foreground">
      {activity.activity_type === "registered" ? "Registered" : "Generated"}{" "}
      <time dateTime={activity.created_at} title={formatDateTime(activity.created_at, timeZone)}>
        {relativeTime(activity.created_at, now)}
      </time>
    </span>
  );
}

function ActivityBadges({ method, registered, isVoid }: { method: string; registered: boolean; isVoid: boolean }) {
  return (
    <>
      {isVoid && <Badge className="bg-zinc-800 text-white dark:bg-zinc-200 dark:text-zinc-900">Void</Badge>}
      <Badge variant="outline">{paymentMethodLabel(method)}</Badge>
      {registered ? (
        <Badge className="border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          Registered
        </Badge>
      ) : (
        <Badge className="border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          Unregistered
        </Badge>
      )}
    </>
  );
}

/** The Overview's Recent Activity: each row opens the ticket's details. No made-up rows when there are none. */
export function RecentActivityList({
  activities,
  isLoading,
  timeZone,
  onOpenTicket,
}: {
  activities: unknown;
  isLoading: boolean;
  timeZone: string;
  onOpenTicket: (activity: RecentActivity) => void;
}) {
  const now = useMinuteClock();
  const rows = asArray<RecentActivity>(activities).filter((a) => a && typeof a.control_number === "string");
  return (
    <Card className="gap-4" data-testid="recent-activity">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity className="size-5 text-primary" aria-hidden />
          Recent Activity
        </CardTitle>
        <CardDescription>The latest tickets generated and registered</CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        {isLoading ? (
          <div className="space-y-3 px-6" role="status" aria-label="Loading recent activity">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : rows.length === 0 ? (
          <div className="px-6 py-8 text-center">
            <p className="text-sm font-medium">No recent activity</p>
            <p className="text-sm text-muted-foreground">Generated and registered tickets will show here.</p>
          </div>
        ) : (
          <ul className="divide-y border-t" aria-label="Recent activity">
            {rows.map((activity) => (
              <ActivityRow
                key={`${activity.activity_type}:${activity.ticket_id}`}
                activity={activity}
                now={now}
                timeZone={timeZone}
                onOpen={() => onOpenTicket(activity)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
