// POST /api/reconciliation/lines/{id}/ignore - set a line aside {reason} (administrators)
import { ignoreLineSchema } from "@/lib/schemas/reconciliation";
import { apiRoute } from "@/server/http/api-route";
import { ignoreLine } from "@/server/reconciliation/decide-line";
import type { LineIgnored } from "@/lib/schemas/reconciliation-answers";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", body: ignoreLineSchema },
  async ({ params, body, principal }) =>
    (await ignoreLine({ principal, lineId: params.id, reason: body.reason })) satisfies LineIgnored,
);
