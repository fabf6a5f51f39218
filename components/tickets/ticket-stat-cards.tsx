"use client";

import { CircleCheck, CircleDashed, Ticket as TicketIcon, Wallet } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { TicketStats } from "@/lib/api/tickets";
import { formatCount, formatPeso } from "@/lib/format";

/** The four cards of Tickets Management; `stats` null while loading. */
export function TicketStatCards({ stats }: { stats: TicketStats | null }) {
  const cards = [
    { label: "Total Tickets", value: stats && formatCount(stats.total), icon: TicketIcon, tone: "text-primary" },
    {
      label: "Registered",
      value: stats && formatCount(stats.registered_count),
      icon: CircleCheck,
      tone: "text-emerald-600 dark:text-emerald-400",
    },
    {
      label: "Unregistered",
      value: stats && formatCount(stats.unregistered_count),
      icon: CircleDashed,
      tone: "text-amber-600 dark:text-amber-400",
    },
    {
      label: "Total Revenue",
      value: stats && formatPeso(stats.revenue),
      icon: Wallet,
      tone: "text-sky-600 dark:text-sky-400",
    },
  ];
  return (
    <section aria-label="Ticket statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon, tone }) => (
        <Card key={label} className="gap-0 py-4">
          {/* The figure has the card's whole width under its label and icon, and wraps rather than being
              cut: at 320 px '₱100.00' beside the icon was shown as '₱100....' (issue 26). */}
          <CardContent className="space-y-1 px-4">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
              <Icon className={`size-5 shrink-0 ${tone}`} aria-hidden="true" />
            </div>
            {value === null ? (
              <Skeleton className="h-7 w-20" label={`Loading ${label}`} />
            ) : (
              <p
                className="text-lg font-bold [overflow-wrap:anywhere] sm:text-2xl"
                data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}
              >
                {value}
              </p>
            )}
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
