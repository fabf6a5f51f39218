import "server-only";
import { getPublicDraw } from "@/server/draw/get-draw";
import { renderDrawNotFoundPage, renderPublicDrawPage } from "@/server/draw/public-page";
import { readRaffleStatus } from "@/server/draw/raffle-state";
import { publicWinnersList } from "@/server/draw/winners-list";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { getSettings } from "@/server/settings/get-settings";

/**
 * GET /draw/{id}: the public proof page's status and HTML (docs/decisions/108). Its data is read
 * here and its HTML written by server/draw/public-page.ts, so the route only answers.
 */
export async function publicDrawPage(options: {
  id: string;
  nonce: string | null;
}): Promise<{ status: 200 | 404; html: string }> {
  try {
    const [draw, settings, raffleStatus] = await Promise.all([
      getPublicDraw(options.id),
      getSettings(),
      readRaffleStatus(db()),
    ]);
    const winners = draw.publishedAt
      ? (await publicWinnersList()).winners.filter((w) => w.drawNumber === draw.number)
      : null;
    const html = renderPublicDrawPage(draw, settings.siteName.trim() || "Raffle", raffleStatus, {
      nonce: options.nonce,
      winners,
      timeZone: settings.timezone,
    });
    return { status: 200, html };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return { status: 404, html: renderDrawNotFoundPage() };
    throw error;
  }
}
