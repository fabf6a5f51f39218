// GET /api/public/verify-draw.mjs - the dependency-free re-check script (no sign-in)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "public", skipApiKey: true, noDatabase: true }, async () => {
  const script = await readFile(path.join(process.cwd(), "scripts", "verify-draw.mjs"), "utf8");
  return new Response(script, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "content-disposition": 'attachment; filename="verify-draw.mjs"',
      "cache-control": "no-store",
    },
  });
});
