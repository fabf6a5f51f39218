import "server-only";
import type { NextRequest } from "next/server";
import { JOB_ID_HEADER } from "@/lib/constants";
import { importTicketsSchema, type ImportResult } from "@/lib/schemas/ticket-import";
import type { Principal } from "@/server/auth/principal";
import { validationError } from "@/server/http/api-route";
import { parseJsonBody } from "@/server/http/json-body";
import { payloadTooLarge, readBodyText } from "@/server/http/read-body";
import { IMPORT_BODY_LIMIT_BYTES } from "@/server/tickets/import-limits";
import { importTickets, importTicketsCsv } from "@/server/tickets/import-tickets";

const importedBySchema = importTicketsSchema.pick({ importedBy: true });

/**
 * POST /api/tickets/import takes the file two ways (decision 080):
 * - `Content-Type: text/csv`: the body is the file itself, streamed into the import's worker as it
 *   arrives (never held whole by the server); `?importedBy=` names the importer.
 * - JSON `{csvData, importedBy}` (SPEC section 3, the API's callers): read whole (at most 25 MB),
 *   then fed to the same worker.
 * Either may name its job (`X-Job-Id: <uuid>`) to watch GET /api/jobs/{id} while it runs.
 */
export async function importTicketsRequest(options: { req: NextRequest; principal: Principal }): Promise<ImportResult> {
  const { req, principal } = options;
  const jobId = req.headers.get(JOB_ID_HEADER);
  const contentType = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (contentType === "text/csv") {
    const query = importedBySchema.safeParse({ importedBy: req.nextUrl.searchParams.get("importedBy") ?? undefined });
    if (!query.success) throw validationError(query.error);
    let tooLarge: Error | null = null;
    const body = req.body;
    async function* csv() {
      if (!body) return;
      let size = 0;
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > IMPORT_BODY_LIMIT_BYTES) throw (tooLarge = payloadTooLarge(IMPORT_BODY_LIMIT_BYTES));
        yield chunk;
      }
    }
    try {
      return await importTicketsCsv({
        csv: csv(),
        importedBy: query.data.importedBy ?? null,
        principal,
        jobId,
        signal: req.signal,
      });
    } catch (error) {
      throw tooLarge ?? error;
    }
  }
  const parsed = importTicketsSchema.safeParse(parseJsonBody(await readBodyText(req, IMPORT_BODY_LIMIT_BYTES)));
  if (!parsed.success) throw validationError(parsed.error);
  return importTickets({ payload: parsed.data, principal, jobId, signal: req.signal });
}
