// POST /api/draws/{id}/publish - publish the winners once every prize's winner is notified or claimed (admin)
import { apiRoute } from "@/server/http/api-route";
import { publishDraw } from "@/server/draw/publish-draw";
import type { DrawPublished } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin" }, async ({ params, principal }) => {
  const result = await publishDraw({ id: params.id, principal });
  return { success: true, message: "Winners published", ...result } satisfies DrawPublished;
});
