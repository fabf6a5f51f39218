// The Remittances screen's URL filters (decision 243): which sellers a blocker of Close sales or Close
// links to. One module, so the server's hrefs and the screen's filters cannot drift apart.
import { amountToCentavos } from "@/lib/money";

/** `?balance=nonzero`: sellers whose cash balance is not zero (owing, or owed after over-remitting). */
export const BALANCE_FILTERS = ["nonzero"] as const;
/** `?stubs=outstanding`: sellers still holding stubs neither sold, returned nor voided. */
export const STUB_FILTERS = ["outstanding"] as const;

export const REMITTANCES_PATH = "/dashboard/remittances";
export const SELLERS_WITH_BALANCE_HREF = `${REMITTANCES_PATH}?balance=nonzero`;
export const SELLERS_WITH_STUBS_HREF = `${REMITTANCES_PATH}?stubs=outstanding`;

interface Filterable {
  balance: string;
  outstandingStubs: number;
}

/** Whether a seller's balance is not zero: what Close sales' and Close's `seller_balances` count. */
export const hasOpenBalance = (s: Filterable) => amountToCentavos(s.balance) !== 0;
/** Whether a seller still holds stubs: what Close sales' `outstanding_stubs` counts (by stub). */
export const holdsOutstandingStubs = (s: Filterable) => s.outstandingStubs > 0;
/** Whether a seller owes cash (the screen's "Owing only" switch). */
export const owesCash = (s: Filterable) => amountToCentavos(s.balance) > 0;
