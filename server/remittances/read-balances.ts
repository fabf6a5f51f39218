import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import type { BalanceTotals, SellerBalance } from "@/lib/schemas/remittance";
import { db } from "@/server/db/client";

type Tx = Prisma.TransactionClient;

interface BalanceRow {
  seller_id: string;
  email: string;
  name: string;
  is_disabled: boolean;
  allocated: number;
  returned: number;
  sold: number;
  outstanding: number;
  outstanding_value: string;
  cash: string;
  non_cash: string;
  remitted: string;
  adjustments: string;
  last_remittance_at: Date | null;
  alert: string;
}

/**
 * The balance of every seller (or of one), in one statement so every figure comes from one
 * snapshot (docs/figures.md, Remittances; docs/decisions/091):
 * - sold and cash from ticket_seller_stats, the trigger-kept rollup User Sales reads, so cashCollected
 *   equals User Sales' and a void (refund or any other reason) takes its cash out at once;
 * - stubs from stub_allocations not returned, joined to their tickets (outstanding = neither registered
 *   nor voided);
 * - remitted from remittances that are not void, adjustments from remittance_adjustments.
 * A row for every user who holds or held stubs, sold a ticket, or has a remittance or adjustment.
 */
export async function readBalanceRows(
  options: { sellerId?: string; tx?: Tx } = {},
): Promise<{ rows: BalanceRow[]; alertCentavos: number }> {
  const only = options.sellerId ? Prisma.sql`AND u.id = ${options.sellerId}::uuid` : Prisma.empty;
  const rows = await (options.tx ?? db()).$queryRaw<BalanceRow[]>`
    WITH sales AS (
      SELECT s.seller::uuid AS id, sum(s.sold)::int AS sold, sum(s.cash_amount) AS cash, sum(s.amount - s.cash_amount)
    AS non_cash
      FROM ticket_seller_stats s WHERE s.seller <> '' GROUP BY s.seller
    ), stubs AS (
      SELECT a.seller_id AS id,
        count(*) FILTER (WHERE a.returned_at IS NULL)::int AS allocated,
        count(*) FILTER (WHERE a.returned_at IS NOT NULL)::int AS returned,
        count(*) FILTER (WHERE a.returned_at IS NULL AND t.registered_at IS NULL AND t.voided_at IS NULL)::int AS
    outstanding,
        coalesce(sum(t.amount) FILTER (WHERE a.returned_at IS NULL AND t.registered_at IS NULL AND t.voided_at IS NULL),
    0) AS outstanding_value
      FROM stub_allocations a JOIN tickets t ON t.id = a.ticket_id GROUP BY a.seller_id
    ), remitted AS (
      SELECT r.seller_id AS id, coalesce(sum(r.amount) FILTER (WHERE r.voided_at IS NULL), 0) AS remitted,
        max(r.created_at) FILTER (WHERE r.voided_at IS NULL) AS last_at
      FROM remittances r GROUP BY r.seller_id
    ), adjusted AS (
      SELECT j.seller_id AS id, sum(j.amount) AS adjustments FROM remittance_adjustments j GROUP BY j.seller_id
    )
    SELECT u.id::text AS seller_id, u.email, coalesce(nullif(btrim(u.display_name), ''), u.email) AS name,
    u.is_disabled,
      coalesce(st.allocated, 0) AS allocated, coalesce(st.returned, 0) AS returned, coalesce(sa.sold, 0) AS sold,
      coalesce(st.outstanding, 0) AS outstanding, coalesce(st.outstanding_value, 0)::text AS outstanding_value,
      coalesce(sa.cash, 0)::text AS cash, coalesce(sa.non_cash, 0)::text AS non_cash,
      coalesce(rm.remitted, 0)::text AS remitted, coalesce(aj.adjustments, 0)::text AS adjustments,
      rm.last_at AS last_remittance_at,
      (SELECT cash_on_hand_alert FROM settings WHERE id = 1)::text AS alert
    FROM users u
    LEFT JOIN sales sa ON sa.id = u.id
    LEFT JOIN stubs st ON st.id = u.id
    LEFT JOIN remitted rm ON rm.id = u.id
    LEFT JOIN adjusted aj ON aj.id = u.id
    WHERE (st.id IS NOT NULL OR (sa.id IS NOT NULL AND (sa.sold <> 0 OR sa.cash <> 0 OR sa.non_cash <> 0)) OR rm.id IS
    NOT NULL OR aj.id IS NOT NULL)
      ${only}
    ORDER BY lower(coalesce(nullif(btrim(u.display_name), ''), u.email)), u.email`;
  const alert =
    rows[0]?.alert ??
    (
      await (options.tx ?? db()).$queryRaw<
        { alert: string }[]
      >`SELECT cash_on_hand_alert::text AS alert FROM settings WHERE id = 1`
    )[0]?.alert ??
    "5000";
  return { rows, alertCentavos: amountToCentavos(alert) };
}

/** A row as the API answers it: amounts as '1250.00', the balance computed in centavos. */
export function toSellerBalance(row: BalanceRow, alertCentavos: number): SellerBalance {
  const cash = amountToCentavos(row.cash);
  const remitted = amountToCentavos(row.remitted);
  const adjustments = amountToCentavos(row.adjustments);
  const balance = cash - remitted - adjustments;
  return {
    sellerId: row.seller_id,
    email: row.email,
    name: row.name,
    isDisabled: row.is_disabled,
    allocated: row.allocated,
    returned: row.returned,
    sold: row.sold,
    outstandingStubs: row.outstanding,
    outstandingValue: centavosToAmount(amountToCentavos(row.outstanding_value)),
    cashCollected: centavosToAmount(cash),
    nonCashCollected: centavosToAmount(amountToCentavos(row.non_cash)),
    remitted: centavosToAmount(remitted),
    adjustments: centavosToAmount(adjustments),
    balance: centavosToAmount(balance),
    lastRemittanceAt: row.last_remittance_at ? row.last_remittance_at.toISOString() : null,
    // cash_on_hand_alert 0 turns the flag off (the Settings screen says so; decision 092).
    overAlert: alertCentavos > 0 && balance > alertCentavos,
  };
}

/** Column sums, in centavos for money. */
export function balanceTotals(sellers: SellerBalance[]): BalanceTotals {
  const count = (pick: (s: SellerBalance) => number) => sellers.reduce((sum, s) => sum + pick(s), 0);
  const money = (pick: (s: SellerBalance) => string) =>
    centavosToAmount(sellers.reduce((sum, s) => sum + amountToCentavos(pick(s)), 0));
  return {
    sellers: sellers.length,
    owing: sellers.filter((s) => amountToCentavos(s.balance) > 0).length,
    allocated: count((s) => s.allocated),
    returned: count((s) => s.returned),
    sold: count((s) => s.sold),
    outstandingStubs: count((s) => s.outstandingStubs),
    outstandingValue: money((s) => s.outstandingValue),
    cashCollected: money((s) => s.cashCollected),
    nonCashCollected: money((s) => s.nonCashCollected),
    remitted: money((s) => s.remitted),
    adjustments: money((s) => s.adjustments),
    balance: money((s) => s.balance),
  };
}
