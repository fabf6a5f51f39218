// GET /api/public/draws/{id} - the public commitment, and after the reveal the sequence with masked names (no sign-in)
import { apiRoute } from "@/server/http/api-route";
import { getPublicDraw } from "@/server/draw/get-draw";
import type { PublicDrawAnswer } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "public", skipApiKey: true },
  async ({ params }) =>
    ({
      success: true,
      draw: await getPublicDraw(params.id),
    }) satisfies PublicDrawAnswer,
);
