// POST /api/reconciliation/payments/{id}/settle - a GCash or bank payment settled by hand {reason} (administrators; 422 reason_required, 409 when verified)
import { settleBodySchema } from "@/lib/schemas/payment-ledger";
import { apiRoute } from "@/server/http/api-route";
import { settlePayment } from "@/server/reconciliation/settle-payment";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: settleBodySchema }, async ({ params, body, principal }) =>
  settlePayment({ principal, paymentId: params.id, reason: body.reason }),
);
