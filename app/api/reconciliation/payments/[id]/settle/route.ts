// POST /api/reconciliation/payments/{id}/settle - a GCash or bank payment settled by hand {reason}, or multipart
// `reason` + optional evidence `file` (administrators; 422 reason_required, 409 when verified)
import { apiRoute } from "@/server/http/api-route";
import { UPLOAD_BODY_LIMIT_BYTES } from "@/server/http/read-upload";
import { readSettleRequest } from "@/server/reconciliation/settle-evidence";
import { settlePayment } from "@/server/reconciliation/settle-payment";
import type { PaymentSettled } from "@/lib/schemas/reconciliation-answers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", bodyLimitBytes: UPLOAD_BODY_LIMIT_BYTES },
  async ({ req, params, principal }) => {
    const { reason, evidence } = await readSettleRequest(req);
    return (await settlePayment({ principal, paymentId: params.id, reason, evidence })) satisfies PaymentSettled;
  },
);
