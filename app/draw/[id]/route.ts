// GET /draw/{id} - the draw's public proof page: plain HTML, no sign-in, no cookie, masked names only; one script (the in-browser re-check) under the CSP nonce
import type { RaffleStatus } from "@/lib/draw";
import { db } from "@/server/db/client";
import { getPublicDraw } from "@/server/draw/get-draw";
import { renderPublicDrawPage } from "@/server/draw/public-page";
import { publicWinnersList } from "@/server/draw/winners-list";
import { AppError } from "@/server/http/errors";
import { getSettings } from "@/server/settings/get-settings";

export const dynamic = "force-dynamic";

const HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" };

export async function GET(req: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  try {
    const [draw, settings, state] = await Promise.all([
      getPublicDraw(id),
      getSettings(),
      db().raffleState.findUnique({ where: { id: 1 }, select: { status: true } }),
    ]);
    const winners = draw.publishedAt ? (await publicWinnersList()).winners.filter((w) => w.drawNumber === draw.number) : null;
    // proxy.ts gives each page request its CSP nonce: the in-browser check's one script carries it.
    const html = renderPublicDrawPage(draw, settings.siteName.trim() || "Raffle", (state?.status ?? "selling") as RaffleStatus, {
      nonce: req.headers.get("x-nonce"),
      winners,
      timeZone: settings.timezone,
    });
    return new Response(html, { headers: HEADERS });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") {
      return new Response(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Draw not found</title></head><body><main><h1>Draw not found</h1><p>No draw has this address.</p></main></body></html>`, { status: 404, headers: HEADERS });
    }
    throw error;
  }
}
