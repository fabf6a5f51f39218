// GET /api/draws/winners.json - the permit office's winners list: each prize's effective winner, full name and address
// (admin)
import { apiRoute } from "@/server/http/api-route";
import { permitWinnersList } from "@/server/draw/winners-list";
import type { PermitWinnersAnswer } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => ({
  success: true,
  ...(await permitWinnersList({ principal })),
}) satisfies PermitWinnersAnswer);
