// POST /api/raffle/close - published → closed, typed confirmation; 409 with `blocking` while a condition is unmet
// (admin)
import { closeRaffleSchema, type CloseoutSaved } from "@/lib/schemas/closeout";
import { closeRaffle } from "@/server/closeout/closeout";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", body: closeRaffleSchema },
  async ({ principal }) =>
    ({
      success: true,
      message: "The raffle is closed",
      closeout: await closeRaffle(principal),
    }) satisfies CloseoutSaved,
);
