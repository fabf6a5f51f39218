// POST /api/reconciliation/payments/{id}/unverify - a verified payment back to claimed, its lines unmatched {reason}
// (administrators)
import { unverifyPaymentSchema } from "@/lib/schemas/reconciliation";
import { apiRoute } from "@/server/http/api-route";
import { unverifyPayment } from "@/server/reconciliation/decide-line";
import type { PaymentUnverified } from "@/lib/schemas/reconciliation-answers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", body: unverifyPaymentSchema },
  async ({ params, body, principal }) =>
    (await unverifyPayment({ principal, paymentId: params.id, reason: body.reason })) satisfies PaymentUnverified,
);
