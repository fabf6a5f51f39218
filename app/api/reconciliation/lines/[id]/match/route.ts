// POST /api/reconciliation/lines/{id}/match - match a line to a payment {paymentId, comment?}; a differing amount needs
// the comment (administrators)
import { matchLineSchema } from "@/lib/schemas/reconciliation";
import { apiRoute } from "@/server/http/api-route";
import { matchLine } from "@/server/reconciliation/decide-line";
import type { LineMatched } from "@/lib/schemas/reconciliation-answers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", body: matchLineSchema },
  async ({ params, body, principal }) =>
    (await matchLine({
      principal,
      lineId: params.id,
      paymentId: body.paymentId,
      comment: body.comment,
    })) satisfies LineMatched,
);
