// POST /api/draws/{id}/reveal - the witnessed draw: outside value and witnesses in, the whole sequence out (admin)
import { revealDrawSchema } from "@/lib/schemas/draw";
import { apiRoute } from "@/server/http/api-route";
import { revealDraw } from "@/server/draw/reveal-draw";
import type { DrawRevealed } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: revealDrawSchema }, async ({ params, body, principal }) => {
  const result = await revealDraw({ id: params.id, payload: body, principal });
  return { success: true, message: `Drawn: ${result.positions} positions`, ...result } satisfies DrawRevealed;
});
