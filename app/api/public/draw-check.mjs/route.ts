// GET /api/public/draw-check.mjs - the public proof page's in-browser re-check (WebCrypto only; no sign-in)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "public", skipApiKey: true, noDatabase: true }, async () => {
  const script = await readFile(path.join(process.cwd(), "scripts", "draw-check-browser.mjs"), "utf8");
  return new Response(script, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" },
  });
});
