"use client";

// Tickets Management's table columns (TanStack Table): what each cell shows, by SPEC sections 2 and 5.
import type { ColumnDef } from "@tanstack/react-table";
import { PaymentBadge, RegistrationBadge, VoidBadge } from "@/components/tickets/ticket-badges";
import { TicketRowActions, type TicketActionHandlers } from "@/components/tickets/ticket-row-actions";
import type { Ticket } from "@/lib/api/tickets";
import { formatListDate } from "@/components/tickets/ticket-dates";
import { creatorLabel, formatPeso, formatPhone } from "@/lib/format";

export function buyerLabel(ticket: Pick<Ticket, "is_registered" | "buyer_name">): string {
  return ticket.is_registered && ticket.buyer_name ? ticket.buyer_name : "Unregistered";
}

/** Date over time, so the column stays narrow; 'No Date' / 'Invalid Date' stand alone. */
function CreatedAt({ value, timeZone }: { value: string | null; timeZone: string }) {
  const { date, time } = formatListDate(value, timeZone);
  if (!time) return <span>{date}</span>;
  return (
    <span className="flex flex-col leading-tight">
      <span>{date}</span>
      <span className="text-xs text-muted-foreground">{time}</span>
    </span>
  );
}

export function ticketColumns(options: TicketActionHandlers & { timeZone: string }): ColumnDef<Ticket>[] {
  const { timeZone, ...handlers } = options;
  return [
    // Two facts a cell, so every column fits a 1280 px window beside the sidebar.
    {
      id: "control_number",
      header: () => (
        <span>
          Control Number <span className="font-normal text-muted-foreground">/ Last 5</span>
        </span>
      ),
      cell: ({ row }) => (
        <span className="flex flex-col leading-tight">
          <span className="font-mono font-medium">{row.original.control_number}</span>
          <span className="font-mono text-xs text-muted-foreground">
            <span className="sr-only">Last 5 digits </span>
            {row.original.last_5_digits}
          </span>
        </span>
      ),
    },
    {
      id: "buyer",
      header: () => (
        <span>
          Buyer <span className="font-normal text-muted-foreground">/ Phone</span>
        </span>
      ),
      cell: ({ row }) => (
        <span className="flex max-w-48 flex-col leading-tight">
          <span className={row.original.is_registered ? "truncate font-medium" : "text-muted-foreground italic"}>
            {buyerLabel(row.original)}
          </span>
          <span className="text-xs text-muted-foreground">
            <span className="sr-only">Phone </span>
            {formatPhone(row.original.phone_number) || "—"}
          </span>
        </span>
      ),
    },
    {
      // The amount under its method (decision 243): one column less, so the table and its actions fit
      // beside the sidebar at 1280 px.
      id: "payment",
      header: () => (
        <span>
          Payment <span className="font-normal text-muted-foreground">/ Amount</span>
        </span>
      ),
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-0.5 leading-tight">
          <PaymentBadge method={row.original.payment_method} isSold={row.original.is_registered} />
          <span className="text-xs whitespace-nowrap">
            <span className="sr-only">Amount </span>
            {formatPeso(row.original.amount)}
          </span>
        </span>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <RegistrationBadge ticket={row.original} />
          <VoidBadge ticket={row.original} />
        </span>
      ),
    },
    {
      // When, then by whom (decision 243).
      id: "created_at",
      header: () => (
        <span>
          Created <span className="font-normal text-muted-foreground">/ By</span>
        </span>
      ),
      cell: ({ row }) => (
        <span className="flex max-w-36 flex-col leading-tight">
          <CreatedAt value={row.original.created_at} timeZone={timeZone} />
          <span className="truncate text-xs text-muted-foreground" title={creatorLabel(row.original)}>
            <span className="sr-only">Created by </span>
            {creatorLabel(row.original)}
          </span>
        </span>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <TicketRowActions ticket={row.original} {...handlers} />,
    },
  ];
}
