// GET /api/draws/{id} - the commitment, the sequence with states and names, effective winners, history (admin)
import { apiRoute } from "@/server/http/api-route";
import { getDraw } from "@/server/draw/get-draw";
import type { AdminDrawAnswer } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "admin" },
  async ({ params, principal }) =>
    ({
      success: true,
      draw: await getDraw({ id: params.id, principal }),
    }) satisfies AdminDrawAnswer,
);
