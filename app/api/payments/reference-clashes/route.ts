// GET /api/payments/reference-clashes - GCash references the migration found on two buyers' payments (admin)
import { apiRoute } from "@/server/http/api-route";
import { listReferenceClashes } from "@/server/payments/list-reference-clashes";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  return { success: true, clashes: await listReferenceClashes({ principal }) };
});
