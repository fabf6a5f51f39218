// Every state of issue 21's matching, as a table (decision 113).
import { describe, expect, it } from "vitest";
import { decideStates, type PaymentForMatching } from "@/server/reconciliation/decide-states";

const REF = "1001543610110";
const pay = (over: Partial<PaymentForMatching> = {}): PaymentForMatching => ({
  id: "p1",
  referenceNormalized: REF,
  expected: 5000,
  covered: 0,
  collectedAt: "2026-11-01T00:00:00Z",
  ...over,
});

const cases: {
  name: string;
  lines: { ref: string | null; c: number }[];
  payments: PaymentForMatching[];
  states: string[];
  paymentIds?: (string | null)[];
}[] = [
  {
    name: "reference and amount equal → matched",
    lines: [{ ref: REF, c: 5000 }],
    payments: [pay()],
    states: ["matched"],
    paymentIds: ["p1"],
  },
  {
    name: "reference equal, amount more → amount_mismatch",
    lines: [{ ref: REF, c: 5100 }],
    payments: [pay()],
    states: ["amount_mismatch"],
    paymentIds: ["p1"],
  },
  {
    name: "reference equal, amount less → amount_mismatch",
    lines: [{ ref: REF, c: 4000 }],
    payments: [pay()],
    states: ["amount_mismatch"],
  },
  {
    name: "second line for a covered payment → duplicate",
    lines: [
      { ref: REF, c: 5000 },
      { ref: REF, c: 5000 },
    ],
    payments: [pay()],
    states: ["matched", "duplicate"],
  },
  {
    name: "payment covered by an earlier import → duplicate",
    lines: [{ ref: REF, c: 5000 }],
    payments: [pay({ covered: 5000 })],
    states: ["duplicate"],
  },
  {
    name: "no payment with the reference → unmatched",
    lines: [{ ref: "9999999999999", c: 5000 }],
    payments: [pay()],
    states: ["unmatched"],
    paymentIds: [null],
  },
  { name: "no reference → unmatched", lines: [{ ref: null, c: 5000 }], payments: [pay()], states: ["unmatched"] },
  {
    name: "partly covered, the rest arrives → matched",
    lines: [{ ref: REF, c: 2000 }],
    payments: [pay({ covered: 3000 })],
    states: ["matched"],
  },
  {
    name: "partly covered, less than the rest → matched (part payment)",
    lines: [{ ref: REF, c: 1000 }],
    payments: [pay({ covered: 3000 })],
    states: ["matched"],
  },
  {
    name: "partly covered, would overshoot → amount_mismatch",
    lines: [{ ref: REF, c: 2500 }],
    payments: [pay({ covered: 3000 })],
    states: ["amount_mismatch"],
  },
  {
    name: "a repeated bank reference: the open payment of the same amount, in collected order",
    lines: [
      { ref: "TRACE1", c: 7000 },
      { ref: "TRACE1", c: 5000 },
    ],
    payments: [
      pay({ id: "a", referenceNormalized: "TRACE1", expected: 5000, collectedAt: "2026-11-01" }),
      pay({ id: "b", referenceNormalized: "TRACE1", expected: 7000, collectedAt: "2026-11-02" }),
    ],
    states: ["matched", "matched"],
    paymentIds: ["b", "a"],
  },
];

describe("decideStates", () => {
  it.each(cases)("$name", ({ lines, payments, states, paymentIds }) => {
    const decisions = decideStates(
      lines.map((l) => ({ referenceNormalized: l.ref, centavos: l.c })),
      payments.map((p) => ({ ...p })),
    );
    expect(decisions.map((d) => d.state)).toEqual(states);
    if (paymentIds) expect(decisions.map((d) => d.paymentId)).toEqual(paymentIds);
    for (const d of decisions) expect(d.why.length).toBeGreaterThan(0);
  });

  it("is deterministic: the same input gives the same answer whatever the payments' order", () => {
    const ps = [
      pay({ id: "x", referenceNormalized: "T", collectedAt: "2026-11-02" }),
      pay({ id: "y", referenceNormalized: "T", collectedAt: "2026-11-01" }),
    ];
    const a = decideStates(
      [{ referenceNormalized: "T", centavos: 5000 }],
      ps.map((p) => ({ ...p })),
    );
    const b = decideStates(
      [{ referenceNormalized: "T", centavos: 5000 }],
      [...ps].reverse().map((p) => ({ ...p })),
    );
    expect(a).toEqual(b);
    expect(a[0].paymentId).toBe("y");
  });
});
