import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { ChecklistItem } from "@/lib/schemas/draw";
import { LEDGER_BLOCKER_ITEMS, ledgerBlockers } from "@/server/reconciliation/payment-ledger";
import {
  hasOpenBalance,
  holdsOutstandingStubs,
  SELLERS_WITH_BALANCE_HREF,
  SELLERS_WITH_STUBS_HREF,
} from "@/lib/remittance-filters";
import { readBalanceRows, toSellerBalance } from "@/server/remittances/read-balances";

type Reader = Prisma.TransactionClient;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Sellers whose cash balance is not zero, and the stubs still out, from remittance's one balance statement. */
async function balances(tx: Reader) {
  const { rows, alertCentavos } = await readBalanceRows({ tx });
  return rows.map((row) => toSellerBalance(row, alertCentavos));
}

/**
 * Close sales' checklist (docs/decisions/105): each entry a stable id (what an override names) and
 * one query answering the open count.
 */
const CHECKS: { item: string; count: (tx: Reader) => Promise<number>; message: (n: number) => string; href: string }[] =
  [
    {
      item: "seller_balances",
      count: async (tx) => (await balances(tx)).filter(hasOpenBalance).length,
      message: (n) => `${plural(n, "seller")} still ${n === 1 ? "has" : "have"} a cash balance that is not zero`,
      href: SELLERS_WITH_BALANCE_HREF,
    },
    {
      item: "outstanding_stubs",
      count: async (tx) =>
        (await balances(tx)).filter(holdsOutstandingStubs).reduce((sum, b) => sum + b.outstandingStubs, 0),
      message: (n) =>
        `${plural(n, "stub")} handed to sellers ${n === 1 ? "is" : "are"} neither sold, returned nor voided`,
      href: SELLERS_WITH_STUBS_HREF,
    },
  ];

/** The payment ledger's items first (the same count and list as Reconciliation and Close-out), then the rest. */
export const CHECKLIST_ITEMS = [...LEDGER_BLOCKER_ITEMS, ...CHECKS.map((c) => c.item)];

export async function openChecklistItems(tx: Reader): Promise<ChecklistItem[]> {
  const ledger = await ledgerBlockers(tx);
  const counts = await Promise.all(CHECKS.map((c) => c.count(tx)));
  return [
    ...ledger,
    ...CHECKS.flatMap((c, i) => (counts[i] > 0 ? [{ item: c.item, message: c.message(counts[i]), href: c.href }] : [])),
  ];
}
