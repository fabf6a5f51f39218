// GET /api/draws - every draw (admin); POST - commit a draw: pool, hashes, sealed seed, outside value's source (admin)
import { commitDrawSchema, type DrawCommitted, type DrawsAnswer } from "@/lib/schemas/draw";
import { apiRoute, json } from "@/server/http/api-route";
import { commitDraw } from "@/server/draw/commit-draw";
import { listDraws } from "@/server/draw/get-draw";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "admin" },
  async ({ principal }) =>
    ({
      success: true,
      draws: await listDraws({ principal }),
    }) satisfies DrawsAnswer,
);

export const POST = apiRoute({ access: "admin", body: commitDrawSchema }, async ({ body, principal }) => {
  const draw = await commitDraw({ payload: body, principal });
  return json(
    {
      success: true,
      message: `Draw ${draw.number} committed over ${draw.poolCount} tickets`,
      ...draw,
    } satisfies DrawCommitted,
    201,
  );
});
