"use client";

// The tickets table: TanStack Table with manual pagination and filtering, because paging and
// search happen on the server (shadcn's Data Table pattern).
import { useMemo } from "react";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { NativeCheckbox as Checkbox } from "@/components/ui/native-checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Ticket } from "@/lib/api/tickets";

/** Row selection (Print stubs' "selected rows", issue 22): ids ticked, kept by the screen across pages. */
export interface RowSelection {
  selectedIds: ReadonlySet<string>;
  onToggle: (tickets: Ticket[], checked: boolean) => void;
}

export const idOf = (t: Ticket) => t.ticket_id || t.id;

function selectColumn({ selectedIds, onToggle }: RowSelection, tickets: Ticket[]): ColumnDef<Ticket> {
  const onPage = tickets.filter((t) => selectedIds.has(idOf(t))).length;
  return {
    id: "select",
    header: () => (
      <Checkbox
        aria-label="Select every ticket on this page"
        checked={onPage === 0 ? false : onPage === tickets.length ? true : "indeterminate"}
        onCheckedChange={(checked) => onToggle(tickets, checked === true)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${row.original.control_number}`}
        checked={selectedIds.has(idOf(row.original))}
        onCheckedChange={(checked) => onToggle([row.original], checked === true)}
      />
    ),
  };
}

/** The actions stay in view when a narrow window scrolls the table sideways. */
const STICKY_ACTIONS = "sticky right-0 bg-card text-right shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]";

export function TicketsDataTable({
  columns,
  tickets,
  pageCount,
  selection,
}: {
  columns: ColumnDef<Ticket>[];
  tickets: Ticket[];
  pageCount: number;
  selection?: RowSelection;
}) {
  const allColumns = useMemo(
    () => (selection ? [selectColumn(selection, tickets), ...columns] : columns),
    [selection, tickets, columns],
  );
  const table = useReactTable({
    data: tickets,
    columns: allColumns,
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
                <TableHead
                  key={header.id}
                  className={
                    header.column.id === "actions"
                      ? STICKY_ACTIONS
                      : header.column.id === "select"
                        ? "w-8 pr-0"
                        : undefined
                  }
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow
              key={row.id}
              data-testid="ticket-row"
              data-control-number={row.original.control_number}
              data-state={selection?.selectedIds.has(idOf(row.original)) ? "selected" : undefined}
            >
              {row.getVisibleCells().map((cell) => (
                <TableCell
                  key={cell.id}
                  className={
                    cell.column.id === "actions"
                      ? `py-1.5 ${STICKY_ACTIONS}`
                      : cell.column.id === "select"
                        ? "w-8 py-1.5 pr-0"
                        : "py-1.5"
                  }
                >
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
