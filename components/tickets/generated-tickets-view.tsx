"use client";

// The Generate dialog's success view (SPEC section 2): one control number, or the first 10 and
// '... and N more tickets'. Each listed ticket opens Ticket Details.
import type { ReactNode } from "react";
import { CircleCheck } from "lucide-react";
import type { Ticket } from "@/lib/api/tickets";
import { formatPeso } from "@/lib/format";

/** SPEC section 9: only the first 10 generated tickets are listed. */
export const LISTED_GENERATED_TICKETS = 10;

export function GeneratedTicketsView({
  tickets,
  onOpenTicket,
  actions,
}: {
  tickets: Ticket[];
  onOpenTicket: (ticket: Ticket) => void;
  actions?: ReactNode;
}) {
  const listed = tickets.slice(0, LISTED_GENERATED_TICKETS);
  const more = tickets.length - listed.length;
  const total = tickets.reduce((sum, t) => sum + Number(t.amount || 0), 0);
  return (
    <div className="space-y-4" data-testid="generated-tickets">
      <div className="flex flex-col items-center gap-2 text-center" role="status">
        <CircleCheck className="size-10 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        <p className="text-lg font-semibold">
          {tickets.length === 1 ? "Ticket Generated!" : `${tickets.length} Tickets Generated!`}
        </p>
        <p className="text-sm text-muted-foreground">Total: {formatPeso(total)}. Select a ticket to see its details.</p>
      </div>
      {tickets.length === 1 ? (
        <button
          type="button"
          onClick={() => onOpenTicket(tickets[0])}
          className={
            "block w-full rounded-lg border-2 border-dashed border-primary/40 bg-primary/5 p-4 text-center " +
            "outline-none hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          }
        >
          <span className="block text-xs text-muted-foreground">Control Number</span>
          <span className="font-mono text-2xl font-bold break-all">{tickets[0].control_number}</span>
        </button>
      ) : (
        <div>
          <ul className="grid grid-cols-2 gap-2" aria-label="Generated tickets">
            {listed.map((t) => (
              <li key={t.ticket_id}>
                <button
                  type="button"
                  onClick={() => onOpenTicket(t)}
                  className={
                    "w-full rounded-md border px-2 py-1.5 text-left font-mono text-xs sm:px-3 sm:py-2 " +
                    "sm:text-sm outline-none hover:bg-accent focus-visible:ring-[3px] " +
                    "focus-visible:ring-ring/50"
                  }
                >
                  {t.control_number}
                </button>
              </li>
            ))}
          </ul>
          {more > 0 && (
            <p className="mt-2 text-center text-sm text-muted-foreground">
              ... and {more} more {more === 1 ? "ticket" : "tickets"}
            </p>
          )}
        </div>
      )}
      {actions && <div className="flex flex-wrap justify-center gap-2">{actions}</div>}
    </div>
  );
}
