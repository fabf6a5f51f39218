"use client";

// The report tabs' tables. Unverified claims come from their report, read whole (a raffle's GCash
// payments in covered days); the four line tabs page through the lines API (lines-view.tsx) with
// this same table. A plain table of columns: no sorting, filtering or paging happens here (paging
// is the server's), so TanStack Table's row models are not part of the screen's load (decision 182).
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { formatAmount } from "@/lib/money";
import { useReconciliationReport } from "@/lib/queries/reconciliation";
import { useRaffleTimezone } from "@/lib/queries/settings";
import type { UnverifiedClaim } from "@/lib/schemas/reconciliation";

/** A column: its heading, and what a row shows under it. */
export interface ReportColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** The actions stay in view when a narrow window scrolls the table sideways (as on the Tickets table). */
const STICKY_ACTIONS = "sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]";

/**
 * `rowActions` is called for each row as the cells are, inside the table's own render: its buttons
 * keep their identity across renders, so a dialog opened from one can give the focus back to it
 * (decision 174). The rows are the page the table is given (paging happens on the server).
 */
export function ReportTable<T>({
  data,
  columns,
  label,
  empty,
  rowActions,
}: {
  data: T[];
  columns: ReportColumn<T>[];
  label: string;
  empty: string;
  rowActions?: (row: T) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-md border bg-card">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.header}>{column.header}</TableHead>
            ))}
            {rowActions && (
              <TableHead className={STICKY_ACTIONS}>
                <span className="sr-only">Actions</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + (rowActions ? 1 : 0)} className="text-center text-muted-foreground">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            data.map((row, index) => (
              <TableRow key={index}>
                {columns.map((column) => (
                  <TableCell key={column.header} className="align-top">
                    {column.cell(row)}
                  </TableCell>
                ))}
                {rowActions && <TableCell className={`align-top ${STICKY_ACTIONS}`}>{rowActions(row)}</TableCell>}
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
  const columns: ReportColumn<UnverifiedClaim>[] = [
    { header: "Reference", cell: (row) => <span className="font-mono text-xs">{row.reference ?? "—"}</span> },
    { header: "Amount", cell: (row) => <span className="tabular-nums">{formatAmount(row.amount)}</span> },
    { header: "Tickets", cell: (row) => row.controlNumbers.join(", ") },
    {
      header: "Paid",
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.paidAt, timeZone)}</span>,
    },
    { header: "Collected by", cell: (row) => row.collectedBy ?? "—" },
  ];
  return (
    <ReportTable
      data={report.data.rows}
      columns={columns}
      label="Unverified claims"
      empty="No unverified claim: every GCash or bank payment in a covered day has its line."
    />
  );
}
