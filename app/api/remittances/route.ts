// POST /api/remittances - record a remittance; answers its receipt number (admin)
import { recordRemittanceSchema, type RemittanceSaved } from "@/lib/schemas/remittance";
import { apiRoute, json } from "@/server/http/api-route";
import { recordRemittance } from "@/server/remittances/record-remittance";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: recordRemittanceSchema }, async ({ body, principal }) => {
  const remittance = await recordRemittance({ payload: body, principal });
  return json(
    {
      success: true,
      message: `Receipt No. ${remittance.receiptNumber} recorded`,
      remittance,
    } satisfies RemittanceSaved,
    201,
  );
});
