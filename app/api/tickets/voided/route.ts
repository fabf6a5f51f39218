// GET /api/tickets/voided - the Voided numbers report, newest first (admin)
import { voidedListQuerySchema, type VoidedPage } from "@/lib/schemas/void";
import { apiRoute } from "@/server/http/api-route";
import { listVoidedTickets } from "@/server/tickets/list-voided";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin", query: voidedListQuerySchema }, async ({ query, principal }) => {
  return { success: true, ...(await listVoidedTickets({ principal, ...query })) } satisfies VoidedPage;
});
