// GET /api/prizes - the prize table (any signed-in user); POST - add a prize (admin)
import { type PrizeSaved, prizeSchema, type PrizesAnswer } from "@/lib/schemas/prize";
import { apiRoute, json } from "@/server/http/api-route";
import { createPrize, listPrizes } from "@/server/prizes/prizes";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "user" },
  async () => ({ success: true, prizes: await listPrizes() }) satisfies PrizesAnswer,
);

export const POST = apiRoute({ access: "admin", body: prizeSchema }, async ({ body, principal }) => {
  const prize = await createPrize({ payload: body, principal });
  return json({ success: true, message: `Prize ${prize.rank} added`, prize } satisfies PrizeSaved, 201);
});
