// POST /api/tickets/import - add tickets from CSV text {csvData, importedBy} (administrators)
import { importTicketsSchema } from "@/lib/schemas/ticket-import";
import { apiRoute } from "@/server/http/api-route";
import { IMPORT_BODY_LIMIT_BYTES, importTickets } from "@/server/tickets/import-tickets";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", body: importTicketsSchema, bodyLimitBytes: IMPORT_BODY_LIMIT_BYTES },
  async ({ body, principal }) => importTickets({ payload: body, principal }),
);
