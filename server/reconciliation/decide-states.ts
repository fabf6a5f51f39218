import "server-only";
// The matching rules of issue 21, deterministic and pure (decision 113): each new line, in file order,
// against the payments carrying its reference and what earlier lines already cover. No database
// here: import-statement.ts loads the payments and writes the outcome; decide-states.test.ts walks
// every state in a table.
import type { LineState } from "@/lib/schemas/reconciliation";

export interface PaymentForMatching {
  id: string;
  referenceNormalized: string;
  /** Centavos. */
  expected: number;
  /** Centavos already covered by matched lines (in the database). */
  covered: number;
  /** For a deterministic choice among payments sharing a (bank) reference. */
  collectedAt: string;
}

export interface LineToDecide {
  referenceNormalized: string | null;
  centavos: number;
}

export interface Decision {
  state: Extract<LineState, "matched" | "amount_mismatch" | "duplicate" | "unmatched">;
  paymentId: string | null;
  /** Why, in words the screen shows. */
  why: string;
}

const peso = (c: number) => `₱${(c / 100).toFixed(2)}`;

/**
 * 1. reference and amount equal (the first line of a payment) → matched; the payment is verified
 *    once its matched lines reach its amount;
 * 2. reference equal, amount different → amount_mismatch (accepted only with a comment); a later
 *    line of a partly covered payment that does not overshoot what is left → matched, one that
 *    would overshoot → amount_mismatch;
 * 3. the reference's payment already fully covered → duplicate;
 * 4. no payment with the reference → unmatched.
 * Payments sharing a reference (bank references repeat): the first, by collected time then id, that
 * is not yet covered, else the first. `payments` is updated in place as lines match.
 */
export function decideStates(lines: LineToDecide[], payments: PaymentForMatching[]): Decision[] {
  const byRef = new Map<string, PaymentForMatching[]>();
  for (const p of [...payments].sort(
    (a, b) => a.collectedAt.localeCompare(b.collectedAt) || a.id.localeCompare(b.id),
  )) {
    const list = byRef.get(p.referenceNormalized) ?? [];
    list.push(p);
    byRef.set(p.referenceNormalized, list);
  }
  return lines.map((line) => {
    const candidates = line.referenceNormalized ? byRef.get(line.referenceNormalized) : undefined;
    if (!candidates?.length)
      return {
        state: "unmatched",
        paymentId: null,
        why: line.referenceNormalized ? "No payment carries this reference" : "The line has no reference",
      };
    const open = candidates.filter((p) => p.covered < p.expected);
    const payment = open.find((p) => p.expected - p.covered === line.centavos) ?? open[0] ?? candidates[0];
    if (payment.covered >= payment.expected) {
      return {
        state: "duplicate",
        paymentId: payment.id,
        why: `The payment's ${peso(payment.expected)} is already covered by other lines`,
      };
    }
    const left = payment.expected - payment.covered;
    if (payment.covered === 0 && line.centavos !== payment.expected) {
      return {
        state: "amount_mismatch",
        paymentId: payment.id,
        why: `${peso(line.centavos)} received for a payment of ${peso(payment.expected)}`,
      };
    }
    if (line.centavos > left) {
      return {
        state: "amount_mismatch",
        paymentId: payment.id,
        why: `${peso(line.centavos)} would overshoot the ${peso(left)} left of a payment of ${peso(payment.expected)}`,
      };
    }
    payment.covered += line.centavos;
    return {
      state: "matched",
      paymentId: payment.id,
      why:
        payment.covered >= payment.expected
          ? "Reference and amount agree"
          : `Part payment: ${peso(payment.expected - payment.covered)} still to come`,
    };
  });
}
