// GET /api/reconciliation/payments/{id}/evidence/{evidenceId} - a settlement's evidence file, as a download
// (administrators)
import { apiRoute } from "@/server/http/api-route";
import { readSettleEvidence } from "@/server/reconciliation/settle-evidence";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ params, principal }) =>
  readSettleEvidence({ principal, paymentId: params.id, evidenceId: params.evidenceId }),
);
