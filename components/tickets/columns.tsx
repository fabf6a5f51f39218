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
      id: "payment",
      header: "Payment",
      cell: ({ row }) => <PaymentBadge method={row.original.payment_method} isSold={row.original.is_registered} />,
    },
    {
      id: "amount",
      header: "Amount",
      cell: ({ row }) => <span className="whitespace-nowrap">{formatPeso(row.original.amount)}</span>,
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
      id: "creator",
      header: "Creator",
      cell: ({ row }) => (
        <span className="block max-w-36 truncate" title={creatorLabel(row.original)}>
          {creatorLabel(row.original)}
        </span>
      ),
    },
    {
      id: "created_at",
      header: "Created",
      cell: ({ row }) => <CreatedAt value={row.original.created_at} timeZone={timeZone} />,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <TicketRowActions ticket={row.original} {...handlers} />,
    },
  ];
}
