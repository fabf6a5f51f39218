import "server-only";
import { formatPeso } from "@/lib/format";
import { formatDrawAt } from "@/lib/stubs/draw-date";
import type { SettingsRow } from "@/server/settings/get-settings";
import type { StubSheetOptions } from "@/server/stubs/render-stubs";

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
};

/** The prizes on one line, by rank: "Prizes: 1st Motorcycle · 2nd Rice cooker" (empty: no prize yet). */
export function prizesText(prizes: { rank: number; name: string }[]): string {
  const sorted = [...prizes].sort((a, b) => a.rank - b.rank);
  return sorted.length ? `Prizes: ${sorted.map((p) => `${ordinal(p.rank)} ${p.name.trim()}`).join(" · ")}` : "";
}

/**
 * What every stub prints about the raffle, from the settings row (site name, permit, draw, venue,
 * price) and the draw's prize table (issue 23).
 */
export function rafflePrintInfo(
  settings: SettingsRow,
  prizes: { rank: number; name: string }[] = [],
): StubSheetOptions["raffle"] {
  return {
    name: settings.siteName.trim() || "Raffle",
    permitNumber: settings.permitNumber.trim(),
    drawText: formatDrawAt(settings.drawAt),
    venue: settings.venue.trim(),
    // A Prisma Decimal: its text is exact.
    priceText: formatPeso(Number(settings.ticketPrice.toString())),
    prizesText: prizesText(prizes),
  };
}
