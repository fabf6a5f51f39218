// GET /draw/{id} - the draw's public proof page: plain HTML, no sign-in, no cookie, masked names only; one script (the
// in-browser re-check) under the CSP nonce
import { publicDrawPage } from "@/server/draw/public-draw-page";

export const dynamic = "force-dynamic";

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
};

export async function GET(req: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  // proxy.ts gives each page request its CSP nonce: the in-browser check's one script carries it.
  const page = await publicDrawPage({ id, nonce: req.headers.get("x-nonce") });
  return new Response(page.html, { status: page.status, headers: HEADERS });
}
