// GET /api/reconciliation/lines?state=&importId=&page=&pageSize= - statement lines with suggested payments
// (administrators)
import { linesQuerySchema } from "@/lib/schemas/reconciliation";
import { apiRoute } from "@/server/http/api-route";
import { listLines } from "@/server/reconciliation/statement-lines";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin", query: linesQuerySchema }, async ({ query, principal }) =>
  listLines({ principal, ...query }),
);
