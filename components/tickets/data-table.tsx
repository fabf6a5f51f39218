"use client";

// The tickets table: TanStack Table with manual pagination and filtering, because paging and
// search happen on the server (shadcn's Data Table pattern).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Ticket } from "@/lib/api/tickets";

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
                <TableHead key={header.id} className={header.column.id === "actions" ? "text-right" : undefined}>
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
                <TableCell key={cell.id} className="py-1.5">
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
