// POST /api/remittances/{id}/void - void a receipt with a reason; it keeps its number (admin)
import { type RemittanceSaved, voidRemittanceSchema } from "@/lib/schemas/remittance";
import { apiRoute } from "@/server/http/api-route";
import { voidRemittance } from "@/server/remittances/void-remittance";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: voidRemittanceSchema }, async ({ params, body, principal }) => {
  const remittance = await voidRemittance({ id: params.id, payload: body, principal });
  return {
    success: true,
    message: `Receipt No. ${remittance.receiptNumber} voided`,
    remittance,
  } satisfies RemittanceSaved;
});
