// POST /api/reconciliation/imports/{id}/discard - undo an import: its lines discarded, its payments claimed again
// {reason} (administrators)
import { discardImportSchema } from "@/lib/schemas/reconciliation";
import { apiRoute } from "@/server/http/api-route";
import { discardImport } from "@/server/reconciliation/decide-line";
import type { ImportDiscarded } from "@/lib/schemas/reconciliation-answers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", body: discardImportSchema },
  async ({ params, body, principal }) =>
    (await discardImport({ principal, importId: params.id, reason: body.reason })) satisfies ImportDiscarded,
);
