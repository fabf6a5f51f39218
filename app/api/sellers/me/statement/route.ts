// GET /api/sellers/me/statement - the caller's own statement: stubs held, sold, owed, receipts (any signed-in user)
import { apiRoute } from "@/server/http/api-route";
import { getStatement } from "@/server/remittances/get-statement";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ principal }) => getStatement({ sellerId: "me", principal }));
