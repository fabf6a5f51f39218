"use client";

// The card view of the tickets list (the default below 640 px): the same fields as the table.
import { buyerLabel } from "@/components/tickets/columns";
import { PaymentBadge, RegistrationBadge, VoidBadge } from "@/components/tickets/ticket-badges";
import { TicketRowActions, type TicketActionHandlers } from "@/components/tickets/ticket-row-actions";
import type { Ticket } from "@/lib/api/tickets";
import { formatListDate } from "@/components/tickets/ticket-dates";
import { creatorLabel, formatPeso, formatPhone } from "@/lib/format";

export function TicketCards({ tickets, timeZone, ...handlers }: TicketActionHandlers & { tickets: Ticket[]; timeZone: string }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Tickets">
      {tickets.map((t) => (
        <li key={t.ticket_id} data-testid="ticket-card" data-control-number={t.control_number} className="rounded-lg border bg-card p-3 shadow-xs">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-mono font-semibold break-all">{t.control_number}</p>
              <p className="text-xs text-muted-foreground">
                Last 5: <span className="font-mono">{t.last_5_digits}</span>
              </p>
            </div>
            <span className="flex flex-wrap justify-end gap-1">
              <RegistrationBadge ticket={t} />
              <VoidBadge ticket={t} />
            </span>
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
            <div className="col-span-2">
              <dt className="sr-only">Buyer</dt>
              <dd className={t.is_registered ? "font-medium" : "text-muted-foreground italic"}>{buyerLabel(t)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Phone</dt>
              <dd>{formatPhone(t.phone_number) || "—"}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Amount</dt>
              <dd>{formatPeso(t.amount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Payment</dt>
              <dd>
                <PaymentBadge method={t.payment_method} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Created</dt>
              <dd>{Object.values(formatListDate(t.created_at, timeZone)).filter(Boolean).join(" ")}</dd>
            </div>
          </dl>
          <div className="mt-2 flex items-center justify-between gap-2 border-t pt-2">
            <p className="min-w-0 truncate text-xs text-muted-foreground">
              <span>Creator: </span>
              {creatorLabel(t)}
            </p>
            <TicketRowActions ticket={t} {...handlers} />
          </div>
        </li>
      ))}
    </ul>
  );
}
