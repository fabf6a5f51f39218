// POST /api/reconciliation/imports - import a GCash PDF or bank CSV statement, multipart; ?preview=1 writes nothing
// (administrators) GET /api/reconciliation/imports - every statement import (administrators)
import { JOB_ID_HEADER } from "@/lib/constants";
import { importQuerySchema } from "@/lib/schemas/reconciliation";
import { apiRoute, json } from "@/server/http/api-route";
import { importStatement } from "@/server/reconciliation/import-statement";
import { readStatementUpload, STATEMENT_BODY_LIMIT_BYTES } from "@/server/reconciliation/read-statement-upload";
import { listImports } from "@/server/reconciliation/statement-lines";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", query: importQuerySchema, bodyLimitBytes: STATEMENT_BODY_LIMIT_BYTES },
  async ({ req, query, principal }) => {
    const upload = await readStatementUpload(req);
    const result = await importStatement({
      principal,
      ...upload,
      preview: query.preview,
      jobId: req.headers.get(JOB_ID_HEADER),
      signal: req.signal,
    });
    return query.preview ? result : json(result, 201);
  },
);

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => listImports({ principal }));
