// POST /api/sellers/{id}/allocations - hand a seller the stubs from-to (admin)
import { allocateStubsSchema, type AllocationAnswer } from "@/lib/schemas/remittance";
import { apiRoute, json } from "@/server/http/api-route";
import { allocateStubs } from "@/server/remittances/allocate-stubs";
import { sellerIdParam } from "@/server/remittances/find-seller";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: allocateStubsSchema }, async ({ params, body, principal }) => {
  const allocation = await allocateStubs({ sellerId: sellerIdParam(params.id), payload: body, principal });
  return json(
    { success: true, message: `${allocation.allocated} stubs allocated`, allocation } satisfies AllocationAnswer,
    201,
  );
});
