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

  const columns: ReportColumn<LedgerPayment>[] = [
    { header: "Reference", cell: (row) => <span className="font-mono text-xs">{row.reference ?? "—"}</span> },
    { header: "Method", cell: (row) => LEDGER_METHOD_LABELS[row.method] },
    {
      header: "Amount",
      cell: (row) => (
        <span className="tabular-nums">
          {formatAmount(row.amount)}
          {row.state === "unverified" && row.covered !== "0.00" && (
            <span className="block text-xs text-muted-foreground">lines: {formatAmount(row.covered)}</span>
          )}
        </span>
      ),
    },
    { header: "Tickets", cell: (row) => row.controlNumbers.join(", ") },
    {
      header: "Paid",
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.paidAt, timeZone)}</span>,
    },
    { header: "Collected by", cell: (row) => row.collectedBy ?? "—" },
    state === "settled_by_hand"
      ? {
          header: "Settled",
          cell: (row) => (
            <span className="block min-w-56 whitespace-normal">
              {row.settleReason}{" "}
              <span className="block text-xs text-muted-foreground">
                {row.settledBy ?? "—"}, {row.settledAt ? formatDateTime(row.settledAt, timeZone) : ""}
              </span>
              <EvidenceLink row={row} />
            </span>
          ),
        }
      : {
          header: "What to do",
          cell: (row) => <span className="block min-w-72 text-sm whitespace-normal">{row.fix}</span>,
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
                "For money no statement will ever show (cash handed to the treasurer, a transfer to an account never exported). It is counted as settled by hand, apart from what statements verify, and can be undone until Close.",
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
                "The payment goes back to unverified or awaiting a statement. The settlement and this undo stay in the Activity Log.",
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
          <ReportTable
            data={list.data.payments}
            columns={columns}
            label={`${LEDGER_STATE_LABELS[state]} payments`}
            empty={`No ${method ? LEDGER_METHOD_LABELS[method] : "GCash or bank"} payment is ${LEDGER_STATE_LABELS[state].toLowerCase()}.`}
            rowActions={state === "verified" ? undefined : rowActions}
          />
        </>
      )}
    </div>
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
    <a className="mt-1 block text-sm underline" href={settleEvidencePath(row.paymentId, file.id)} download>
      Evidence: {file.fileName}
    </a>
  );
}
