"use client";

// The per-line decisions of the four line tabs (issue 21, decision 113): confirm a suggested payment
// or ignore (Money without tickets), accept with a comment or ignore (Mismatches), ignore (Duplicates),
// un-verify (Matched). One set of mutations serves the page's table and its phone cards.
import type { ReactNode } from "react";
import { Check } from "lucide-react";
import type { ReasonRequest } from "@/components/reconciliation/reason-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { errorMessage } from "@/lib/api-client";
import { formatAmount } from "@/lib/money";
import { useIgnoreLine, useMatchLine, useUnverifyPayment } from "@/lib/queries/reconciliation";
import type { LineState, StatementLineRow } from "@/lib/schemas/reconciliation";

const fail = (what: string) => (e: unknown) => {
  toast.error(`${what}: ${errorMessage(e, "Unknown error")}`);
  throw e;
};

/** `(line) => its action buttons` for the lines of one state. */
export function useLineActions(
  state: LineState,
  onReason: (r: ReasonRequest) => void,
): (line: StatementLineRow) => ReactNode {
  const match = useMatchLine();
  const ignore = useIgnoreLine();
  const unverify = useUnverifyPayment();

  const ignoreButton = (l: StatementLineRow) => (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        onReason({
          title: `Ignore ${formatAmount(l.amount)}?`,
          description: "The line is set aside (not raffle money) and counts for nothing. Say why.",
          kind: "reason",
          action: "Ignore Line",
          run: (reason) =>
            ignore
              .mutateAsync({ lineId: l.id, reason })
              .then(() => toast.success("Line ignored"), fail("Ignore failed")),
        })
      }
    >
      Ignore
    </Button>
  );

  return function lineActions(l) {
    if (state === "unmatched") {
      return (
        <div className="flex flex-wrap items-start gap-1 md:flex-col">
          {l.candidates.map((c) => (
            <Button
              key={c.paymentId}
              size="sm"
              variant="secondary"
              title={c.reason}
              disabled={match.isPending}
              onClick={() =>
                c.crossMethod
                  ? onReason({
                      title:
                        `Match to ${c.method === "gcash" ? "GCash" : "bank"} ` +
                        `payment ${c.controlNumbers.join(", ")}?`,
                      description: `${c.reason}. Say why this ${c.method === "gcash" ? "bank" : "GCash"} line pays it.`,
                      kind: "comment",
                      action: "Match",
                      run: (comment) =>
                        match
                          .mutateAsync({ lineId: l.id, paymentId: c.paymentId, comment })
                          .then(() => toast.success(`Matched to ${c.controlNumbers.join(", ")}`), fail("Match failed")),
                    })
                  : match
                      .mutateAsync({ lineId: l.id, paymentId: c.paymentId })
                      .then(() => toast.success(`Matched to ${c.controlNumbers.join(", ")}`), fail("Match failed"))
                      .catch(() => {})
              }
            >
              <Check />
              {c.crossMethod
                ? `Other method: ${c.method === "gcash" ? "GCash" : "bank"} ${c.controlNumbers.join(", ")}`
                : `Confirm ${c.controlNumbers.join(", ")}`}
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
                description:
                  "The amount differs from the payment's. Accepting matches " +
                  "the line; a comment saying why is required.",
                kind: "comment",
                action: "Accept Amount",
                run: (comment) =>
                  match
                    .mutateAsync({ lineId: l.id, paymentId, comment })
                    .then((a) => toast.success(`Accepted; the payment is ${a.paymentStatus}`), fail("Accept failed")),
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
              kind: "reason",
              action: "Un-verify",
              destructive: true,
              run: (reason) =>
                unverify
                  .mutateAsync({ paymentId, reason })
                  .then(() => toast.success("Payment un-verified"), fail("Un-verify failed")),
            })
          }
        >
          Un-verify
        </Button>
      );
    }
    return null;
  };
}
