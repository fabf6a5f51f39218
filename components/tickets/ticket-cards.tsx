"use client";

// The card view of the tickets list (the default below 640 px): the same fields as the table, and
// the same selection (Print stubs' "selected rows"): a checkbox per card, one for the page.
import { buyerLabel } from "@/components/tickets/columns";
import { idOf, type RowSelection } from "@/components/tickets/data-table";
import { NativeCheckbox as Checkbox } from "@/components/ui/native-checkbox";
import { PaymentBadge, RegistrationBadge, VoidBadge } from "@/components/tickets/ticket-badges";
import { TicketRowActions, type TicketActionHandlers } from "@/components/tickets/ticket-row-actions";
import type { Ticket } from "@/lib/api/tickets";
import { formatListDate } from "@/components/tickets/ticket-dates";
import { creatorLabel, formatPeso, formatPhone } from "@/lib/format";

/** A checkbox with a tap area of at least 24 × 24 px (WCAG 2.5.8) around the 16 px box. */
const TAP_AREA = "-m-1 flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md";

export function TicketCards({
  tickets,
  timeZone,
  selection,
  ...handlers
}: TicketActionHandlers & { tickets: Ticket[]; timeZone: string; selection?: RowSelection }) {
  const onPage = selection ? tickets.filter((t) => selection.selectedIds.has(idOf(t))).length : 0;
  const isSelected = (t: Ticket) => selection?.selectedIds.has(idOf(t)) ?? false;
  return (
    <div>
      {selection && (
        <label
          className={
            "mb-2 flex w-fit cursor-pointer items-center gap-2 " + "rounded-md px-1 py-1 text-sm text-muted-foreground"
          }
        >
          <span className={TAP_AREA}>
            <Checkbox
              aria-label="Select every ticket on this page"
              checked={onPage === 0 ? false : onPage === tickets.length ? true : "indeterminate"}
              onCheckedChange={(checked) => selection.onToggle(tickets, checked === true)}
            />
          </span>
          Select every ticket on this page
        </label>
      )}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Tickets">
        {tickets.map((t) => (
          <li
            key={t.ticket_id}
            data-testid="ticket-card"
            data-control-number={t.control_number}
            data-state={isSelected(t) ? "selected" : undefined}
            className={
              "rounded-lg border bg-card p-3 shadow-xs " +
              "data-[state=selected]:border-primary " +
              "data-[state=selected]:bg-muted/50"
            }
          >
            <div className="flex items-start justify-between gap-2">
              {selection && (
                <label className={TAP_AREA}>
                  <Checkbox
                    aria-label={`Select ${t.control_number}`}
                    checked={isSelected(t)}
                    onCheckedChange={(checked) => selection.onToggle([t], checked === true)}
                  />
                </label>
              )}
              <div className="min-w-0 flex-1">
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
                  <PaymentBadge method={t.payment_method} isSold={t.is_registered} />
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
    </div>
  );
}
