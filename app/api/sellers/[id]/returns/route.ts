// POST /api/sellers/{id}/returns - record stubs a seller gave back unsold (admin)
import { returnStubsSchema, type ReturnsAnswer } from "@/lib/schemas/remittance";
import { apiRoute } from "@/server/http/api-route";
import { returnStubs } from "@/server/remittances/return-stubs";
import { sellerIdParam } from "@/server/remittances/find-seller";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: returnStubsSchema }, async ({ params, body, principal }) => {
  const result = await returnStubs({ sellerId: sellerIdParam(params.id), payload: body, principal });
  return { success: true, message: `${result.returned} stubs returned`, ...result } satisfies ReturnsAnswer;
});
