// GET /api/sellers/{id}/statement - a seller's statement (admin; a seller may read their own)
import { apiRoute } from "@/server/http/api-route";
import { getStatement } from "@/server/remittances/get-statement";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ params, principal }) =>
  getStatement({ sellerId: params.id, principal }),
);
