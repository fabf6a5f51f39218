"use client";

// The report tabs' tables (TanStack Table). Unverified claims come from their report, read whole (a
// raffle's GCash payments in covered days); the four line tabs page through the lines API
// (lines-view.tsx) with this same table.
import type { ReactNode } from "react";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { formatAmount } from "@/lib/money";
import { useReconciliationReport } from "@/lib/queries/reconciliation";
import { useRaffleTimezone } from "@/lib/queries/settings";
import type { UnverifiedClaim } from "@/lib/schemas/reconciliation";

/** The actions stay in view when a narrow window scrolls the table sideways (as on the Tickets table). */
const STICKY_ACTIONS = "sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]";
const cellClass = (columnId: string) => (columnId === "actions" ? `align-top ${STICKY_ACTIONS}` : "align-top");

/**
 * `rowActions` is called, not rendered through flexRender as a column's cell: a cell function made
 * afresh on each render is a new component type, so its buttons would be replaced on every render
 * and a dialog opened from one could not give the focus back to it (decision 174).
 */
export function ReportTable<T>({ data, columns, label, empty, pageCount, rowActions }: { data: T[]; columns: ColumnDef<T>[]; label: string; empty: string; pageCount?: number; rowActions?: (row: T) => ReactNode }) {
  // Paging (when there is any) happens on the server: the table shows the page it is given.
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, pageCount: pageCount ?? 1 });
  return (
    <div className="overflow-x-auto rounded-md border bg-card">
      <Table aria-label={label}>
        <TableHeader>
          {table.getHeaderGroups().map((g) => (
            <TableRow key={g.id}>
              {g.headers.map((h) => (
                <TableHead key={h.id} className={h.column.id === "actions" ? STICKY_ACTIONS : undefined}>
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </TableHead>
              ))}
              {rowActions && (
                <TableHead className={STICKY_ACTIONS}>
                  <span className="sr-only">Actions</span>
                </TableHead>
              )}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + (rowActions ? 1 : 0)} className="text-center text-muted-foreground">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} className={cellClass(cell.column.id)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
                {rowActions && <TableCell className={cellClass("actions")}>{rowActions(row.original)}</TableCell>}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

export function ClaimsTable() {
  const report = useReconciliationReport<UnverifiedClaim>("unverified-claims");
  const timeZone = useRaffleTimezone();
  if (report.isPending) return <Skeleton className="h-24 w-full" label="Loading the report" />;
  if (report.isError) return <p role="alert">{errorMessage(report.error, "The report could not be loaded")}</p>;
  const columns: ColumnDef<UnverifiedClaim>[] = [
    { header: "Reference", cell: ({ row }) => <span className="font-mono text-xs">{row.original.reference ?? "—"}</span> },
    { header: "Amount", cell: ({ row }) => <span className="tabular-nums">{formatAmount(row.original.amount)}</span> },
    { header: "Tickets", cell: ({ row }) => row.original.controlNumbers.join(", ") },
    { header: "Paid", cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.paidAt, timeZone)}</span> },
    { header: "Collected by", cell: ({ row }) => row.original.collectedBy ?? "—" },
  ];
  return <ReportTable data={report.data.rows} columns={columns} label="Unverified claims" empty="No unverified claim: every GCash payment in a covered day has its line." />;
}
