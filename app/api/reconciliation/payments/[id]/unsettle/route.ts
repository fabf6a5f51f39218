// POST /api/reconciliation/payments/{id}/unsettle - undo a settlement by hand {reason} (administrators, until Close)
import { settleBodySchema } from "@/lib/schemas/payment-ledger";
import { apiRoute } from "@/server/http/api-route";
import { unsettlePayment } from "@/server/reconciliation/settle-payment";
import type { PaymentUnsettled } from "@/lib/schemas/reconciliation-answers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", body: settleBodySchema },
  async ({ params, body, principal }) =>
    (await unsettlePayment({ principal, paymentId: params.id, reason: body.reason })) satisfies PaymentUnsettled,
);
