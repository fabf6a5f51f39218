"use client";

// The tickets table: TanStack Table with manual pagination and filtering, because paging and
// search happen on the server (shadcn's Data Table pattern).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Ticket } from "@/lib/api/tickets";

/** The actions stay in view when a narrow window scrolls the table sideways. */
const STICKY_ACTIONS = "sticky right-0 bg-card text-right shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]";

export function TicketsDataTable({ columns, tickets, pageCount }: { columns: ColumnDef<Ticket>[]; tickets: Ticket[]; pageCount: number }) {
  const table = useReactTable({
    data: tickets,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (ticket) => ticket.ticket_id,
    manualPagination: true,
    manualFiltering: true,
    pageCount,
  });
  return (
    <div className="rounded-lg border bg-card">
      <Table aria-label="Tickets">
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => (
                <TableHead key={header.id} className={header.column.id === "actions" ? STICKY_ACTIONS : undefined}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} data-testid="ticket-row" data-control-number={row.original.control_number}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={cell.column.id === "actions" ? `py-1.5 ${STICKY_ACTIONS}` : "py-1.5"}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
