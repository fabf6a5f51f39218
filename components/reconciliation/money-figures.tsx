"use client";

// The payment ledger's money figures (issue 37): money claimed by GCash and bank, verified by
// statement, settled by hand, still unverified, awaiting a statement, and cash remitted. The same
// list, labels and numbers on the Overview (administrators), Close-out, Reconciliation and the
// archive's summary PDF (SUMMARY_FIGURES; GET /api/reconciliation/summary).
import { Link } from "@/components/ui/link";
import { errorMessage } from "@/lib/api-client";
import {
  SUMMARY_FIGURES,
  figureText,
  ledgerListHref,
  type LedgerState,
  type LedgerSummary,
} from "@/lib/payment-ledger";
import { useLedgerSummary } from "@/lib/queries/reconciliation";

const LIST_OF: Partial<Record<keyof LedgerSummary, LedgerState>> = {
  verified: "verified",
  settledByHand: "settled_by_hand",
  unverified: "unverified",
  awaitingStatement: "awaiting_statement",
};

export function MoneyFigures({ className = "" }: { className?: string }) {
  const summary = useLedgerSummary();
  if (summary.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        The money figures could not be loaded: {errorMessage(summary.error, "no answer from the server")}
      </p>
    );
  if (!summary.data) return <p className="text-sm text-muted-foreground">Loading the money figures…</p>;
  const data = summary.data;
  return (
    <ul className={`grid gap-1 text-sm sm:grid-cols-2 ${className}`} aria-label="Money" data-testid="money-figures">
      {SUMMARY_FIGURES.map((f) => {
        const state = LIST_OF[f.key];
        const text = figureText(data[f.key], f.key === "cashRemitted" ? "remittance" : "payment");
        return (
          <li key={f.key} data-figure={f.key}>
            <span className="font-medium">{f.label}:</span>{" "}
            {state && data[f.key].count > 0 ? (
              <Link href={ledgerListHref(state)} className="underline underline-offset-4">
                {text}
              </Link>
            ) : (
              text
            )}
          </li>
        );
      })}
    </ul>
  );
}
