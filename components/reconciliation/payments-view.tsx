"use client";

// The payment ledger's tab (issue 37, docs/decisions/193): GCash and bank payments by state, each with
// what to do about it. The state and method are in the URL (?tab=payments&state=unverified&method=gcash),
// which is where Close sales' and Close-out's blocking items link: the list of exactly what they count.
// Settling by hand and undoing it ask for a reason (the reason dialog); a settlement may carry an
// evidence file (decision 235), downloaded from its row.
import { Button } from "@/components/ui/button";
import type { ReasonRequest } from "@/components/reconciliation/reason-dialog";
import { ReportTable, type ReportColumn } from "@/components/reconciliation/report-tables";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { errorMessage } from "@/lib/api-client";
import { formatCount, formatDateTime } from "@/lib/format";
import { formatAmount } from "@/lib/money";
import {
  LEDGER_METHOD_LABELS,
  LEDGER_METHODS,
  LEDGER_STATE_LABELS,
  LEDGER_STATE_MEANINGS,
  settleEvidencePath,
  type LedgerMethod,
  type LedgerPayment,
  type LedgerState,
  type LedgerSummary,
} from "@/lib/payment-ledger";
import {
  useLedgerPayments,
  useLedgerSummary,
  useSettlePayment,
  useUnsettlePayment,
} from "@/lib/queries/reconciliation";
import { useRaffleTimezone } from "@/lib/queries/settings";

/** The order the sub-tabs show: what needs a decision first. */
const STATE_ORDER: LedgerState[] = ["unverified", "awaiting_statement", "settled_by_hand", "verified"];
const SUMMARY_KEY: Record<LedgerState, keyof LedgerSummary> = {
  unverified: "unverified",
  awaiting_statement: "awaitingStatement",
  settled_by_hand: "settledByHand",
  verified: "verified",
};

export function PaymentsView({
  state,
  method,
  onFilter,
  onReason,
}: {
  state: LedgerState;
  method: LedgerMethod | null;
  onFilter: (next: { state?: LedgerState; method?: LedgerMethod | null }) => void;
  onReason: (r: ReasonRequest) => void;
}) {
  const list = useLedgerPayments(state, method);
  const summary = useLedgerSummary();
  const settle = useSettlePayment();
  const unsettle = useUnsettlePayment();
  const timeZone = useRaffleTimezone();

  // Four columns and the actions, so the table fits beside the sidebar at 1280 px with the longest
  // of them (a settlement's reason and evidence) in view; below 1024 px one card per payment with the
  // same facts and button (issue 38 item 8, decision 243).
  const columns: ReportColumn<LedgerPayment>[] = [
    {
      header: "Payment",
      cell: (row) => (
        <span className="block min-w-36 whitespace-normal">
          <span className="block font-mono text-xs break-all">{row.reference ?? "—"}</span>
          <span className="block text-xs text-muted-foreground">
            {LEDGER_METHOD_LABELS[row.method]} · {row.controlNumbers.join(", ")}
          </span>
        </span>
      ),
    },
    {
      header: "Amount",
      cell: (row) => (
        <span className="block whitespace-nowrap">
          <AmountFigure row={row} />
          <span className="block text-xs text-muted-foreground">{formatDateTime(row.paidAt, timeZone)}</span>
        </span>
      ),
    },
    {
      header: "Collected by",
      cell: (row) => <span className="block max-w-40 break-words whitespace-normal">{row.collectedBy ?? "—"}</span>,
    },
    state === "settled_by_hand"
      ? { header: "Settled", cell: (row) => <Settlement row={row} timeZone={timeZone} className="min-w-56" /> }
      : {
          header: "What to do",
          cell: (row) => <span className="block min-w-56 text-sm whitespace-normal">{row.fix}</span>,
        },
  ];

  const rowActions = (row: LedgerPayment) => {
    const what = `${row.reference ?? "the payment"} (${formatAmount(row.amount)}, ${row.controlNumbers.join(", ")})`;
    if (row.state === "unverified" || row.state === "awaiting_statement") {
      return (
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            onReason({
              title: `Settle ${what} by hand?`,
              description:
                "For money no statement will ever show (cash handed to the treasurer, a " +
                "transfer to an account never exported). It is counted as settled by hand, " +
                "apart from what statements verify, and can be undone until Close.",
              kind: "reason",
              action: "Settle by hand",
              evidence: true,
              run: (reason, file) =>
                settle.mutateAsync({ paymentId: row.paymentId, reason, file }).then(
                  () =>
                    toast.success(`Settled ${row.reference ?? "the payment"} by hand${file ? " with evidence" : ""}`),
                  (e) => {
                    toast.error(errorMessage(e, "Settling failed"));
                    throw e;
                  },
                ),
            })
          }
        >
          Settle by hand
        </Button>
      );
    }
    if (row.state === "settled_by_hand") {
      return (
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            onReason({
              title: `Undo the settlement of ${what}?`,
              description:
                "The payment goes back to unverified or awaiting a statement. The " +
                "settlement and this undo stay in the Activity Log.",
              kind: "reason",
              action: "Undo settlement",
              destructive: true,
              run: (reason) =>
                unsettle.mutateAsync({ paymentId: row.paymentId, reason }).then(
                  () => toast.success("Settlement undone"),
                  (e) => {
                    toast.error(errorMessage(e, "Undo failed"));
                    throw e;
                  },
                ),
            })
          }
        >
          Undo
        </Button>
      );
    }
    return null;
  };

  const empty =
    `No ${method ? LEDGER_METHOD_LABELS[method] : "GCash or bank"} ` +
    `payment is ${LEDGER_STATE_LABELS[state].toLowerCase()}.`;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Payment state">
        {STATE_ORDER.map((s) => {
          const figure = summary.data?.[SUMMARY_KEY[s]];
          return (
            <Button
              key={s}
              size="sm"
              variant={s === state ? "default" : "outline"}
              aria-pressed={s === state}
              onClick={() => onFilter({ state: s })}
            >
              {LEDGER_STATE_LABELS[s]}
              {figure && <span className="tabular-nums">({formatCount(figure.count)})</span>}
            </Button>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Payment method">
        {[null, ...LEDGER_METHODS].map((m) => (
          <Button
            key={m ?? "all"}
            size="sm"
            variant={m === method ? "secondary" : "ghost"}
            aria-pressed={m === method}
            onClick={() => onFilter({ method: m })}
          >
            {m ? LEDGER_METHOD_LABELS[m] : "GCash and bank"}
          </Button>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">{LEDGER_STATE_MEANINGS[state]}</p>
      {list.isPending ? (
        <Skeleton className="h-24 w-full" label="Loading the payments" />
      ) : list.isError ? (
        <p role="alert">{errorMessage(list.error, "The payments could not be loaded")}</p>
      ) : (
        <>
          <p className="text-sm font-medium" data-testid="ledger-count">
            {formatCount(list.data.count)} {list.data.count === 1 ? "payment" : "payments"},{" "}
            {formatAmount(list.data.total)}
          </p>
          <div className="hidden lg:block">
            <ReportTable
              data={list.data.payments}
              columns={columns}
              label={`${LEDGER_STATE_LABELS[state]} payments`}
              empty={empty}
              rowActions={state === "verified" ? undefined : rowActions}
            />
          </div>
          <div className="lg:hidden">
            {list.data.payments.length === 0 ? (
              <p className="rounded-md border p-4 text-center text-sm text-muted-foreground">{empty}</p>
            ) : (
              <ul className="space-y-3" aria-label={`${LEDGER_STATE_LABELS[state]} payments`}>
                {list.data.payments.map((row) => (
                  <li key={row.paymentId} data-testid="payment-card" className="rounded-lg border bg-card p-3 text-sm">
                    <div className="flex items-baseline justify-between gap-2">
                      <div className="text-base font-semibold">
                        <AmountFigure row={row} />
                      </div>
                      <p className="text-xs text-muted-foreground">{formatDateTime(row.paidAt, timeZone)}</p>
                    </div>
                    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                      <dt className="text-xs text-muted-foreground">Reference</dt>
                      <dd className="font-mono text-xs break-all">{row.reference ?? "—"}</dd>
                      <dt className="text-xs text-muted-foreground">Method</dt>
                      <dd>{LEDGER_METHOD_LABELS[row.method]}</dd>
                      <dt className="text-xs text-muted-foreground">Tickets</dt>
                      <dd className="break-words">{row.controlNumbers.join(", ")}</dd>
                      <dt className="text-xs text-muted-foreground">Collected by</dt>
                      <dd className="break-words">{row.collectedBy ?? "—"}</dd>
                      <dt className="text-xs text-muted-foreground">
                        {state === "settled_by_hand" ? "Settled" : "What to do"}
                      </dt>
                      <dd className="break-words">
                        {state === "settled_by_hand" ? <Settlement row={row} timeZone={timeZone} /> : row.fix}
                      </dd>
                    </dl>
                    {state !== "verified" && <div className="mt-2 border-t pt-2">{rowActions(row)}</div>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** The amount, and what its statement lines reach when they fall short. */
function AmountFigure({ row }: { row: LedgerPayment }) {
  return (
    <span className="block tabular-nums">
      {formatAmount(row.amount)}
      {row.state === "unverified" && row.covered !== "0.00" && (
        <span className="block text-xs font-normal text-muted-foreground">lines: {formatAmount(row.covered)}</span>
      )}
    </span>
  );
}

/** A settlement by hand: its reason, who and when, and its evidence file. */
function Settlement({ row, timeZone, className = "" }: { row: LedgerPayment; timeZone: string; className?: string }) {
  return (
    <span className={`block break-words whitespace-normal ${className}`}>
      {row.settleReason}
      <span className="block text-xs text-muted-foreground">
        {row.settledBy ?? "—"}
        {row.settledAt ? `, ${formatDateTime(row.settledAt, timeZone)}` : ""}
      </span>
      <EvidenceLink row={row} />
    </span>
  );
}

/** A settlement's evidence file: a download, or why it is gone (the purge keeps only its SHA-256). */
function EvidenceLink({ row }: { row: LedgerPayment }) {
  const file = row.evidence;
  if (!file) return null;
  if (file.removed) {
    return (
      <span className="mt-1 block text-xs text-muted-foreground">
        Evidence removed with the buyers&apos; personal data (kept in the archive, SHA-256 {file.sha256.slice(0, 12)}…)
      </span>
    );
  }
  return (
    <a className="mt-1 block text-sm break-words underline" href={settleEvidencePath(row.paymentId, file.id)} download>
      Evidence: {file.fileName}
    </a>
  );
}
