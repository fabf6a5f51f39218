// POST /api/raffle/purge - remove buyers' personal data once the raffle is closed and archived, typed confirmation
// (admin)
import { purgeRaffleSchema, type PurgeAnswer } from "@/lib/schemas/closeout";
import { purgePersonalData } from "@/server/closeout/closeout";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: purgeRaffleSchema }, async ({ principal }) => {
  const { counts, view } = await purgePersonalData(principal);
  return { success: true, message: "Personal data removed", counts, closeout: view } satisfies PurgeAnswer;
});
