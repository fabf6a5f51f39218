// GET /api/raffle/state - the raffle's state and Close sales' open checklist items (any signed-in user)
import { apiRoute } from "@/server/http/api-route";
import { getRaffleState } from "@/server/draw/raffle-state";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async () => ({ success: true, state: await getRaffleState() }));
