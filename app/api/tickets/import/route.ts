// POST /api/tickets/import - add tickets from CSV (administrators): JSON {csvData, importedBy}, or
// the file itself as text/csv (?importedBy=); read in a worker thread (decision 080).
import { apiRoute } from "@/server/http/api-route";
import { IMPORT_BODY_LIMIT_BYTES } from "@/server/tickets/import-limits";
import { importTicketsRequest } from "@/server/tickets/import-request";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", bodyLimitBytes: IMPORT_BODY_LIMIT_BYTES }, async ({ req, principal }) =>
  importTicketsRequest({ req, principal }),
);
