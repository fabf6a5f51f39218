import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { RaffleStatus } from "@/lib/draw";
import type { CloseoutItem } from "@/lib/schemas/closeout";
import { loadPrizeOutcomes } from "@/server/draw/prize-outcomes";
import { ledgerBlockers } from "@/server/reconciliation/payment-ledger";
import { hasOpenBalance, SELLERS_WITH_BALANCE_HREF } from "@/lib/remittance-filters";
import { readBalanceRows, toSellerBalance } from "@/server/remittances/read-balances";

// The conditions of Close (issue 24, docs/decisions/130), each with the screen where it is fixed.

type Tx = Prisma.TransactionClient;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Statement lines that still need a decision (docs/decisions/113): not matched, ignored or discarded.
 * One blocking item per kind, each linking to the Reconciliation tab that lists exactly its lines with
 * their buttons (decision 243), so every line a message counts is one click away.
 */
const OPEN_LINE_STATES = [
  { item: "unmatched_lines", state: "unmatched", tab: "unmatched", words: "without a payment" },
  { item: "mismatched_lines", state: "amount_mismatch", tab: "mismatches", words: "with a different amount" },
  { item: "duplicate_lines", state: "duplicate", tab: "duplicates", words: "a duplicate" },
] as const;

/** The unmet conditions of Close, each with where it is fixed. Empty: the raffle may close. */
export async function closeBlockers(tx: Tx, status: RaffleStatus): Promise<CloseoutItem[]> {
  const items: CloseoutItem[] = [];
  if (status !== "published" && status !== "closed") {
    items.push({ item: "winners_published", message: "The winners are not published yet", href: "/dashboard/draw" });
  }
  const [prizes, outcomes] = await Promise.all([
    tx.$queryRaw<{ rank: number; name: string }[]>`SELECT rank, name FROM prizes ORDER BY rank`,
    loadPrizeOutcomes(tx),
  ]);
  // A prize is settled when its winner claimed it or it was forfeited, or when its run of backups is
  // exhausted (nobody is left who could claim it).
  const unsettled = prizes.filter((p) => {
    const outcome = outcomes.get(p.rank);
    if (!outcome) return true;
    if (outcome.exhausted) return false;
    return outcome.winner?.state !== "claimed" && outcome.winner?.state !== "forfeited";
  });
  if (unsettled.length) {
    items.push({
      item: "prizes_settled",
      message:
        `${plural(unsettled.length, "prize")} ${unsettled.length === 1 ? "is" : "are"} neither ` +
        `claimed nor forfeited: ${unsettled.map((p) => `${p.rank}. ${p.name}`).join(", ")}`,
      href: "/dashboard/draw",
    });
  }
  const { rows, alertCentavos } = await readBalanceRows({ tx });
  const owing = rows.map((row) => toSellerBalance(row, alertCentavos)).filter(hasOpenBalance).length;
  if (owing) {
    items.push({
      item: "seller_balances",
      message:
        `${plural(owing, "seller")} still ${owing === 1 ? "has" : "have"} ` +
        `a cash balance that is neither zero nor written off`,
      href: SELLERS_WITH_BALANCE_HREF,
    });
  }
  const lineCounts = await tx.$queryRaw<{ state: string; n: bigint }[]>`
    SELECT state, count(*) AS n FROM statement_lines WHERE state = ANY(${OPEN_LINE_STATES.map((l) => l.state)}::text[])
    GROUP BY state`;
  for (const kind of OPEN_LINE_STATES) {
    const n = Number(lineCounts.find((c) => c.state === kind.state)?.n ?? 0);
    if (!n) continue;
    items.push({
      item: kind.item,
      message: `${plural(n, "statement line")} ${n === 1 ? "is" : "are"} open, ${kind.words}`,
      href: `/dashboard/reconciliation?tab=${kind.tab}`,
    });
  }
  // GCash and bank payments not proven yet: the ledger's own count, linking to the list of exactly them.
  items.push(...(await ledgerBlockers(tx)).map((b) => ({ ...b, item: b.item as CloseoutItem["item"] })));
  return items;
}
