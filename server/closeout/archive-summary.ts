import "server-only";
import { WINNER_STATE_LABELS } from "@/lib/draw";
import { formatDateTime } from "@/lib/format";
import { amountToCentavos } from "@/lib/money";
import { db } from "@/server/db/client";
import { loadPrizeOutcomes } from "@/server/draw/prize-outcomes";
import { SUMMARY_RANGE_LIMIT, type CloseoutSummaryData } from "@/server/pdf/closeout-summary";
import { SUMMARY_FIGURES } from "@/lib/payment-ledger";
import { readLedgerSummary } from "@/server/reconciliation/payment-ledger";
import { getSettings } from "@/server/settings/get-settings";

// The figures of the archive's one-page summary (docs/decisions/145), read in SQL over the tickets
// (aggregates and one gaps-and-islands pass; nothing held per ticket), so 100,000 tickets cost a
// few scans, not memory. Sold = registered and not voided, as the draw's pool counts it.

export async function readCloseoutSummary(options: {
  raffleStatus: string;
  exportedAt: string;
}): Promise<CloseoutSummaryData> {
  const settings = await getSettings();
  const [totals] = await db().$queryRaw<{ issued: number; sold: number; voided: number; gross: string }[]>`
    SELECT count(*)::int AS issued,
      count(*) FILTER (WHERE registered_at IS NOT NULL AND voided_at IS NULL)::int AS sold,
      count(*) FILTER (WHERE voided_at IS NOT NULL)::int AS voided,
      coalesce(sum(amount) FILTER (WHERE registered_at IS NOT NULL AND voided_at IS NULL), 0)::text AS gross
    FROM tickets`;
  const ranges = await db().$queryRaw<
    { from: number; to: number; fromControl: string; toControl: string; count: number; total: number }[]
  >`
    WITH islands AS (
      SELECT min(ticket_number) AS lo, max(ticket_number) AS hi, count(*)::int AS n
      FROM (SELECT ticket_number, ticket_number - row_number() OVER (ORDER BY ticket_number) AS grp FROM tickets) g
      GROUP BY grp
    ), listed AS (
      SELECT lo, hi, n, count(*) OVER ()::int AS total FROM islands ORDER BY lo LIMIT ${SUMMARY_RANGE_LIMIT}
    )
    SELECT l.lo AS "from", l.hi AS "to", a.control_number AS "fromControl", b.control_number AS "toControl", l.n AS
    count, l.total
    FROM listed l JOIN tickets a ON a.ticket_number = l.lo JOIN tickets b ON b.ticket_number = l.hi
    ORDER BY l.lo`;
  const prizes = await db().$queryRaw<
    { rank: number; name: string; value: string }[]
  >`SELECT rank, name, value_php::text AS value FROM prizes ORDER BY rank`;
  const outcomes = await loadPrizeOutcomes(db());
  const ledger = await readLedgerSummary(db());
  return {
    money: SUMMARY_FIGURES.map((f) => ({
      label: f.label,
      centavos: amountToCentavos(ledger[f.key].total),
      count: ledger[f.key].count,
      unit: f.key === "cashRemitted" ? "remittance" : "payment",
    })),
    raffleName: settings.siteName,
    raffleStatus: options.raffleStatus,
    exportedAt: `${formatDateTime(options.exportedAt, settings.timezone, "MMM d, yyyy h:mm a")} (${settings.timezone})`,
    ranges: ranges.map(({ total: _total, ...r }) => r),
    moreRanges: ranges.length ? ranges[0].total - ranges.length : 0,
    issued: totals.issued,
    sold: totals.sold,
    voided: totals.voided,
    unsold: totals.issued - totals.sold - totals.voided,
    grossCentavos: amountToCentavos(totals.gross),
    prizes: prizes.map((p) => {
      const outcome = outcomes.get(p.rank);
      return {
        rank: p.rank,
        name: p.name,
        valueCentavos: amountToCentavos(p.value),
        winnerControl: outcome?.winner?.controlNumber ?? null,
        outcome: !outcome
          ? "Not drawn"
          : outcome.winner
            ? WINNER_STATE_LABELS[outcome.winner.state]
            : "No eligible winner left",
      };
    }),
  };
}
