// GET /api/raffle/state - the raffle's state, Close sales' open checklist items and the public URL (any signed-in user)
import { type RaffleStateAnswer, raffleStateQuerySchema } from "@/lib/schemas/draw";
import { apiRoute } from "@/server/http/api-route";
import { getRaffleState } from "@/server/draw/raffle-state";
import { appOrigin } from "@/server/http/request-guards";
import { publicUrl } from "@/server/secrets/installation-secrets";

export const dynamic = "force-dynamic";

// publicUrl: the address printed in QR codes and public links, with the warning when a phone could not open it.
// ?checklist=0 leaves out Close sales' open items (the write screens ask only for the status).
export const GET = apiRoute(
  { access: "user", query: raffleStateQuerySchema },
  async ({ req, query }) =>
    ({
      success: true,
      state: await getRaffleState({ checklist: query.checklist !== "0" }),
      publicUrl: publicUrl(appOrigin(req)),
    }) satisfies RaffleStateAnswer,
);
