"use client";

// Tickets Management's table columns (TanStack Table): what each cell shows, by SPEC sections 2 and 5.
import type { ColumnDef } from "@tanstack/react-table";
import { PaymentBadge, RegistrationBadge } from "@/components/tickets/ticket-badges";
import { TicketRowActions, type TicketActionHandlers } from "@/components/tickets/ticket-row-actions";
import type { Ticket } from "@/lib/api/tickets";
import { creatorLabel, formatDateTime, formatPeso, formatPhone } from "@/lib/format";

export function buyerLabel(ticket: Pick<Ticket, "is_registered" | "buyer_name">): string {
  return ticket.is_registered && ticket.buyer_name ? ticket.buyer_name : "Unregistered";
}

export function ticketColumns(options: TicketActionHandlers & { timeZone: string }): ColumnDef<Ticket>[] {
  const { timeZone, ...handlers } = options;
  return [
    {
      id: "control_number",
      header: "Control Number",
      cell: ({ row }) => <span className="font-mono font-medium whitespace-nowrap">{row.original.control_number}</span>,
    },
    { id: "last_5_digits", header: "Last 5", cell: ({ row }) => <span className="font-mono">{row.original.last_5_digits}</span> },
    {
      id: "buyer",
      header: "Buyer",
      cell: ({ row }) => (
        <span className={row.original.is_registered ? "font-medium" : "text-muted-foreground italic"}>{buyerLabel(row.original)}</span>
      ),
    },
    { id: "phone", header: "Phone", cell: ({ row }) => <span className="whitespace-nowrap">{formatPhone(row.original.phone_number) || "—"}</span> },
    { id: "payment", header: "Payment", cell: ({ row }) => <PaymentBadge method={row.original.payment_method} /> },
    { id: "amount", header: "Amount", cell: ({ row }) => <span className="whitespace-nowrap">{formatPeso(row.original.amount)}</span> },
    { id: "status", header: "Status", cell: ({ row }) => <RegistrationBadge ticket={row.original} /> },
    {
      id: "creator",
      header: "Creator",
      cell: ({ row }) => (
        <span className="block max-w-44 truncate" title={creatorLabel(row.original)}>
          {creatorLabel(row.original)}
        </span>
      ),
    },
    {
      id: "created_at",
      header: "Created",
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at, timeZone, "MMM d, yyyy h:mm a")}</span>,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <TicketRowActions ticket={row.original} {...handlers} />,
    },
  ];
}
