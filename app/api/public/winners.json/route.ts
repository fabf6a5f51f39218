// GET /api/public/winners.json - the public winners list, masked names, once published (no sign-in)
import { apiRoute } from "@/server/http/api-route";
import { publicWinnersList } from "@/server/draw/winners-list";
import type { PublicWinnersAnswer } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "public", skipApiKey: true }, async () => ({
  success: true,
  ...(await publicWinnersList()),
}) satisfies PublicWinnersAnswer);
