"use client";

// A line tab (Money without tickets, Mismatches, Duplicates, Matched): one page of 100 lines from
// GET /api/reconciliation/lines?state=&page= with the shared pager, the page in the URL (decision
// 140). From 1024 px the lines are a table; below it each line is a card with its actions under its
// facts, so a phone reaches every button without scrolling sideways (decision 141).
import { useEffect, type ReactNode } from "react";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { useLineActions } from "@/components/reconciliation/line-actions";
import type { ReasonRequest } from "@/components/reconciliation/reason-dialog";
import { ReportTable, type ReportColumn } from "@/components/reconciliation/report-tables";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatStatementTime } from "@/lib/format";
import { formatAmount } from "@/lib/money";
import { useStatementLines } from "@/lib/queries/reconciliation";
import { useRaffleTimezone } from "@/lib/queries/settings";
import { LINES_PAGE_SIZE, REPORT_LABELS, type LineState, type ReportName } from "@/lib/reconciliation-names";
import type { StatementLineRow } from "@/lib/schemas/reconciliation";

export type LineReport = Exclude<ReportName, "unverified-claims">;
export const STATE_OF: Record<LineReport, LineState> = {
  unmatched: "unmatched",
  mismatches: "amount_mismatch",
  duplicates: "duplicate",
  matched: "matched",
};

/** The Suggestions (unmatched) or Note (the others) of a line. */
function LineNote({ line, state }: { line: StatementLineRow; state: LineState }) {
  if (state !== "unmatched")
    return <span className="text-xs">{[line.matchKind, line.note].filter(Boolean).join(": ") || "—"}</span>;
  if (!line.candidates.length)
    return <span className="text-xs text-muted-foreground">No payment of this amount within 2 days</span>;
  return (
    <ul className="space-y-1 text-xs">
      {line.candidates.map((c) => (
        <li key={c.paymentId}>
          {c.controlNumbers.join(", ")} · {c.payerName ?? "—"} · {c.reason}
        </li>
      ))}
    </ul>
  );
}

function LineCards({
  lines,
  state,
  label,
  empty,
  timeZone,
  actions,
}: {
  lines: StatementLineRow[];
  state: LineState;
  label: string;
  empty: string;
  timeZone: string;
  actions: (l: StatementLineRow) => ReactNode;
}) {
  if (!lines.length) return <p className="rounded-md border p-4 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="space-y-3" aria-label={label}>
      {lines.map((l) => (
        <li key={l.id} data-testid="line-card" className="rounded-lg border bg-card p-3 shadow-xs">
          <div className="flex items-baseline justify-between gap-2">
            <p className="text-base font-semibold tabular-nums">{formatAmount(l.amount)}</p>
            <p className="text-xs text-muted-foreground">{formatStatementTime(l.occurredAt, timeZone)}</p>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-xs text-muted-foreground">Reference</dt>
            <dd className="font-mono text-xs break-all">{l.reference ?? "—"}</dd>
            <dt className="text-xs text-muted-foreground">Account</dt>
            <dd className="break-words">{l.accountLabel}</dd>
            <dt className="text-xs text-muted-foreground">Description</dt>
            <dd className="break-words">{l.description || "—"}</dd>
            <dt className="text-xs text-muted-foreground">{state === "unmatched" ? "Suggestions" : "Note"}</dt>
            <dd className="break-words">
              <LineNote line={l} state={state} />
            </dd>
          </dl>
          <div className="mt-2 border-t pt-2">{actions(l)}</div>
        </li>
      ))}
    </ul>
  );
}

export function LinesView({
  report,
  page,
  onPageChange,
  onReason,
}: {
  report: LineReport;
  page: number;
  onPageChange: (page: number | null, options?: { replace?: boolean }) => void;
  onReason: (r: ReasonRequest) => void;
}) {
  const state = STATE_OF[report];
  const lines = useStatementLines(state, page);
  const timeZone = useRaffleTimezone();
  const actions = useLineActions(state, onReason);
  const total = lines.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LINES_PAGE_SIZE));
  // A page past the end (its last lines decided, an old link): show the last page instead.
  useEffect(() => {
    if (lines.data && !lines.isPlaceholderData && page > pageCount)
      onPageChange(pageCount === 1 ? null : pageCount, { replace: true });
  }, [lines.data, lines.isPlaceholderData, page, pageCount, onPageChange]);

  if (lines.isPending) return <Skeleton className="h-24 w-full" label="Loading the lines" />;
  if (lines.isError) return <p role="alert">{errorMessage(lines.error, "The lines could not be loaded")}</p>;

  const label = REPORT_LABELS[report];
  const empty = "No line in this state.";
  // Six facts in three columns, so the table and its actions fit a 1280 px window beside the
  // sidebar (issue 38 item 8): the line (amount, time), where it came from (account, description,
  // reference), and the suggestions or note.
  const columns: ReportColumn<StatementLineRow>[] = [
    {
      header: "Amount",
      cell: (row) => (
        <span className="block whitespace-nowrap">
          <span className="block font-semibold tabular-nums">{formatAmount(row.amount)}</span>
          <span className="block text-xs text-muted-foreground">{formatStatementTime(row.occurredAt, timeZone)}</span>
        </span>
      ),
    },
    {
      header: "Line",
      cell: (row) => (
        <span className="block min-w-44 break-words whitespace-normal">
          <span className="block">{row.description || "—"}</span>
          <span className="block text-xs text-muted-foreground">
            {row.accountLabel} · <span className="font-mono break-all">{row.reference ?? "—"}</span>
          </span>
        </span>
      ),
    },
    {
      header: state === "unmatched" ? "Suggestions" : "Note",
      cell: (row) => (
        <div className="min-w-40 whitespace-normal">
          <LineNote line={row} state={state} />
        </div>
      ),
    },
  ];
  return (
    <div
      className="space-y-3"
      aria-busy={lines.isPlaceholderData}
      data-testid="lines-view"
      data-page={lines.isPlaceholderData ? undefined : lines.data.page}
    >
      <div className="hidden lg:block">
        <ReportTable data={lines.data.lines} columns={columns} label={label} empty={empty} rowActions={actions} />
      </div>
      <div className="lg:hidden">
        <LineCards
          lines={lines.data.lines}
          state={state}
          label={label}
          empty={empty}
          timeZone={timeZone}
          actions={actions}
        />
      </div>
      <DataTablePagination
        label={`${label} pages`}
        page={Math.min(page, pageCount)}
        pageSize={LINES_PAGE_SIZE}
        total={total}
        noun={["line", "lines"]}
        onPageChange={(p) => onPageChange(p <= 1 ? null : p)}
      />
    </div>
  );
}
