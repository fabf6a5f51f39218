// PUT /api/prizes/{id} - change a prize; DELETE - remove it (admin; refused once a draw is committed)
import { type PrizeSaved, prizeSchema } from "@/lib/schemas/prize";
import { apiRoute } from "@/server/http/api-route";
import { deletePrize, updatePrize } from "@/server/prizes/prizes";

export const dynamic = "force-dynamic";

export const PUT = apiRoute({ access: "admin", body: prizeSchema }, async ({ params, body, principal }) => {
  const prize = await updatePrize({ id: params.id, payload: body, principal });
  return { success: true, message: `Prize ${prize.rank} saved`, prize } satisfies PrizeSaved;
});

export const DELETE = apiRoute({ access: "admin" }, async ({ params, principal }) => {
  const prize = await deletePrize({ id: params.id, principal });
  return { success: true, message: `Prize ${prize.rank} removed`, prize } satisfies PrizeSaved;
});
