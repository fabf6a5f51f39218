// POST /api/draws/{id}/drum-pick - drum mode: one counterfoil from the physical drum, checked against the pool and
// recorded as the next position (admin)
import { drumPickSchema } from "@/lib/schemas/draw";
import { apiRoute } from "@/server/http/api-route";
import { drumPick } from "@/server/draw/drum-pick";
import type { DrumPicked } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: drumPickSchema }, async ({ params, body, principal }) => {
  const pick = await drumPick({ id: params.id, payload: body, principal });
  return {
    success: true,
    message: pick.complete
      ? `Position ${pick.position}: ${pick.controlNumber}. Every position is drawn`
      : `Position ${pick.position}: ${pick.controlNumber}`,
    ...pick,
  } satisfies DrumPicked;
});
