// GET /api/public/draws/{id}/pool.csv - the committed pool, control numbers only, in its order (no sign-in)
import { apiRoute } from "@/server/http/api-route";
import { poolCsv } from "@/server/draw/get-draw";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "public", skipApiKey: true }, async ({ params }) => {
  const body = await poolCsv(params.id);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="pool.csv"',
      "cache-control": "no-store",
    },
  });
});
