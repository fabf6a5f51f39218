// GET /api/remittances/balances - every seller's stubs and cash owed, with totals (admin)
import { apiRoute } from "@/server/http/api-route";
import { getBalances } from "@/server/remittances/get-balances";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => getBalances({ principal }));
