"use client";

// The report tabs' tables (TanStack Table, the rows read whole: a raffle's statements are thousands
// of lines). Unverified claims come from their report; the four line tabs from the lines API, which
// carries the suggestions and the ids the per-line actions need.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ReasonRequest } from "@/components/reconciliation/reason-dialog";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { formatAmount } from "@/lib/money";
import { useIgnoreLine, useMatchLine, useReconciliationReport, useStatementLines, useUnverifyPayment } from "@/lib/queries/reconciliation";
import { useRaffleTimezone } from "@/lib/queries/settings";
import type { LineState, ReportName, StatementLineRow, UnverifiedClaim } from "@/lib/schemas/reconciliation";

const STATE_OF: Record<Exclude<ReportName, "unverified-claims">, LineState> = { unmatched: "unmatched", mismatches: "amount_mismatch", duplicates: "duplicate", matched: "matched" };

type ClaimRow = UnverifiedClaim;

function DataTable<T>({ data, columns, label, empty }: { data: T[]; columns: ColumnDef<T>[]; label: string; empty: string }) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label={label}>
        <TableHeader>
          {table.getHeaderGroups().map((g) => (
            <TableRow key={g.id}>
              {g.headers.map((h) => (
                <TableHead key={h.id}>{flexRender(h.column.columnDef.header, h.getContext())}</TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} className="text-center text-muted-foreground">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} className="align-top">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
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
  if (report.isPending) return <Skeleton className="h-24 w-full" />;
  if (report.isError) return <p role="alert">{errorMessage(report.error, "The report could not be loaded")}</p>;
  const columns: ColumnDef<ClaimRow>[] = [
    { header: "Reference", cell: ({ row }) => <span className="font-mono text-xs">{row.original.reference ?? "—"}</span> },
    { header: "Amount", cell: ({ row }) => <span className="tabular-nums">{formatAmount(row.original.amount)}</span> },
    { header: "Tickets", cell: ({ row }) => row.original.controlNumbers.join(", ") },
    { header: "Paid", cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.paidAt, timeZone)}</span> },
    { header: "Collected by", cell: ({ row }) => row.original.collectedBy ?? "—" },
  ];
  return <DataTable data={report.data.rows} columns={columns} label="Unverified claims" empty="No unverified claim: every GCash payment in a covered day has its line." />;
}

export function LinesTable({ report, onReason }: { report: Exclude<ReportName, "unverified-claims">; onReason: (r: ReasonRequest) => void }) {
  const state = STATE_OF[report];
  const lines = useStatementLines(state);
  const timeZone = useRaffleTimezone();
  const match = useMatchLine();
  const ignore = useIgnoreLine();
  const unverify = useUnverifyPayment();
  if (lines.isPending) return <Skeleton className="h-24 w-full" />;
  if (lines.isError) return <p role="alert">{errorMessage(lines.error, "The lines could not be loaded")}</p>;

  const fail = (what: string) => (e: unknown) => {
    toast.error(`${what}: ${errorMessage(e, "Unknown error")}`);
    throw e;
  };
  const ignoreButton = (l: StatementLineRow) => (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        onReason({
          title: `Ignore ${formatAmount(l.amount)}?`,
          description: "The line is set aside (not raffle money) and counts for nothing. Say why.",
          label: "Reason",
          action: "Ignore Line",
          run: (reason) => ignore.mutateAsync({ lineId: l.id, reason }).then(() => toast.success("Line ignored"), fail("Ignore failed")),
        })
      }
    >
      Ignore
    </Button>
  );

  const actions = (l: StatementLineRow) => {
    if (state === "unmatched") {
      return (
        <div className="flex flex-col items-start gap-1">
          {l.candidates.map((c) => (
            <Button
              key={c.paymentId}
              size="sm"
              variant="secondary"
              title={c.reason}
              disabled={match.isPending}
              onClick={() => match.mutateAsync({ lineId: l.id, paymentId: c.paymentId }).then(() => toast.success(`Matched to ${c.controlNumbers.join(", ")}`), fail("Match failed")).catch(() => {})}
            >
              <Check />
              Confirm {c.controlNumbers.join(", ")}
            </Button>
          ))}
          {ignoreButton(l)}
        </div>
      );
    }
    if (state === "amount_mismatch" && l.paymentId) {
      const paymentId = l.paymentId;
      return (
        <div className="flex flex-wrap gap-1">
          <Button
            size="sm"
            onClick={() =>
              onReason({
                title: `Accept ${formatAmount(l.amount)}?`,
                description: "The amount differs from the payment's. Accepting matches the line; a comment saying why is required.",
                label: "Comment",
                action: "Accept Amount",
                run: (comment) => match.mutateAsync({ lineId: l.id, paymentId, comment }).then((a) => toast.success(`Accepted; the payment is ${a.paymentStatus}`), fail("Accept failed")),
              })
            }
          >
            Accept
          </Button>
          {ignoreButton(l)}
        </div>
      );
    }
    if (state === "duplicate") return ignoreButton(l);
    if (state === "matched" && l.paymentId) {
      const paymentId = l.paymentId;
      return (
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            onReason({
              title: "Un-verify this payment?",
              description: "Its matched lines go back to Money without tickets and the payment to claimed.",
              label: "Reason",
              action: "Un-verify",
              destructive: true,
              run: (reason) => unverify.mutateAsync({ paymentId, reason }).then(() => toast.success("Payment un-verified"), fail("Un-verify failed")),
            })
          }
        >
          Un-verify
        </Button>
      );
    }
    return null;
  };

  const columns: ColumnDef<StatementLineRow>[] = [
    { header: "Time", cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.occurredAt, timeZone)}</span> },
    { header: "Account", cell: ({ row }) => row.original.accountLabel },
    { header: "Description", cell: ({ row }) => <span className="block max-w-64 break-words">{row.original.description || "—"}</span> },
    { header: "Reference", cell: ({ row }) => <span className="font-mono text-xs">{row.original.reference ?? "—"}</span> },
    { header: "Amount", cell: ({ row }) => <span className="tabular-nums">{formatAmount(row.original.amount)}</span> },
    {
      header: state === "unmatched" ? "Suggestions" : "Note",
      cell: ({ row }) =>
        state === "unmatched" ? (
          row.original.candidates.length ? (
            <ul className="space-y-1 text-xs">
              {row.original.candidates.map((c) => (
                <li key={c.paymentId}>
                  {c.controlNumbers.join(", ")} · {c.payerName ?? "—"} · {c.reason}
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-xs text-muted-foreground">No payment of this amount within 2 days</span>
          )
        ) : (
          <span className="text-xs">{[row.original.matchKind, row.original.note].filter(Boolean).join(": ") || "—"}</span>
        ),
    },
    { id: "actions", header: () => <span className="sr-only">Actions</span>, cell: ({ row }) => actions(row.original) },
  ];
  return <DataTable data={lines.data.lines} columns={columns} label={report} empty="No line in this state." />;
}
