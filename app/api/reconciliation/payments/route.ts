// GET /api/reconciliation/payments?state=&method= - the payment ledger: GCash and bank payments with their state
// {payments, count, total} (administrators)
import { ledgerQuerySchema } from "@/lib/schemas/payment-ledger";
import { apiRoute } from "@/server/http/api-route";
import { listLedgerPayments } from "@/server/reconciliation/payment-ledger";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin", query: ledgerQuerySchema }, async ({ query, principal }) =>
  listLedgerPayments({ principal, state: query.state, method: query.method }),
);
