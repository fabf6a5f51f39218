// POST /api/remittances/adjustments - a shortage, overage or write-off with a reason (admin)
import { type AdjustmentSaved, recordAdjustmentSchema } from "@/lib/schemas/remittance";
import { apiRoute, json } from "@/server/http/api-route";
import { recordAdjustment } from "@/server/remittances/record-adjustment";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: recordAdjustmentSchema }, async ({ body, principal }) => {
  const adjustment = await recordAdjustment({ payload: body, principal });
  return json({ success: true, message: "Adjustment recorded", adjustment } satisfies AdjustmentSaved, 201);
});
