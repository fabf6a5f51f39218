// GET /api/raffle/closeout - the raffle's state, Close's unmet conditions and the archives downloaded (admin)
import { getCloseout } from "@/server/closeout/closeout";
import type { CloseoutAnswer } from "@/lib/schemas/closeout";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "admin" },
  async ({ principal }) =>
    ({
      success: true,
      closeout: await getCloseout(principal),
    }) satisfies CloseoutAnswer,
);
