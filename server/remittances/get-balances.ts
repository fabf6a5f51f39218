import "server-only";
import { centavosToAmount } from "@/lib/money";
import type { BalancesAnswer } from "@/lib/schemas/remittance";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { balanceTotals, readBalanceRows, toSellerBalance } from "@/server/remittances/read-balances";

/** GET /api/remittances/balances: every seller's stubs and cash owed, with totals (administrators). */
export async function getBalances(options: { principal: Principal }): Promise<BalancesAnswer> {
  requireAdmin(options.principal);
  const { rows, alertCentavos } = await readBalanceRows();
  const sellers = rows.map((row) => toSellerBalance(row, alertCentavos));
  return { success: true, sellers, totals: balanceTotals(sellers), cashOnHandAlert: centavosToAmount(alertCentavos) };
}
