// GET /api/reconciliation/summary - money claimed, verified by statement, settled by hand, unverified, awaiting a
// statement, cash remitted: each {count, total} (administrators)
import { apiRoute } from "@/server/http/api-route";
import { ledgerSummary } from "@/server/reconciliation/payment-ledger";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => ledgerSummary({ principal }));
