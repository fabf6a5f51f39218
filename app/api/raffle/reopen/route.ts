// POST /api/raffle/reopen - closed → published with a written reason, audited (admin)
import { reopenRaffleSchema, type CloseoutSaved } from "@/lib/schemas/closeout";
import { reopenRaffle } from "@/server/closeout/closeout";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "admin", body: reopenRaffleSchema },
  async ({ body, principal }) =>
    ({
      success: true,
      message: "The raffle is open again",
      closeout: await reopenRaffle({ payload: body, principal }),
    }) satisfies CloseoutSaved,
);
