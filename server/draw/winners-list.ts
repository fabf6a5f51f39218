import "server-only";
import { WINNER_STATE_LABELS } from "@/lib/draw";
import { csvLine, neutraliseCell } from "@/lib/csv/ticket-csv";
import { maskName } from "@/lib/mask";
import type { PublicWinnerListRow, WinnerListRow } from "@/lib/schemas/draw";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { loadPrizeOutcomes } from "@/server/draw/prize-outcomes";
import { AppError } from "@/server/http/errors";

// The winners lists of issue 23's publication (docs/decisions/125-winners-lists.md): one row per
// prize, its effective winner read from the latest draw that covers it (ADR 107). The permit
// office's list carries the full name and address; the public list only the masked name, and only
// once the winners are published.

async function loadRows(): Promise<{ rows: WinnerListRow[]; publishedAt: Date | null }> {
  const [prizes, outcomes, state] = await Promise.all([
    db().prize.findMany({ orderBy: { rank: "asc" } }),
    loadPrizeOutcomes(db()),
    db().raffleState.findUnique({ where: { id: 1 }, select: { publishedAt: true } }),
  ]);
  const wanted = [...outcomes.values()].flatMap((o) =>
    o.winner ? [{ drawId: o.drawId, position: o.winner.position }] : [],
  );
  const buyers = wanted.length
    ? await db().$queryRaw<{ drawId: string; position: number; buyerName: string | null; address: string | null }[]>`
        SELECT p.draw_id::text AS "drawId", p.position, t.buyer_name AS "buyerName", t.address
        FROM draw_positions p LEFT JOIN tickets t ON t.id = p.ticket_id
        WHERE (p.draw_id::text, p.position) IN (SELECT * FROM unnest(${wanted.map((w) => w.drawId)}::text[],
      ${wanted.map((w) => w.position)}::int[]))`
    : [];
  const buyerOf = new Map(buyers.map((b) => [`${b.drawId}/${b.position}`, b]));
  const rows = prizes.map((prize): WinnerListRow => {
    const outcome = outcomes.get(prize.rank);
    const winner = outcome?.winner ?? null;
    const buyer = winner ? buyerOf.get(`${outcome!.drawId}/${winner.position}`) : undefined;
    return {
      prizeRank: prize.rank,
      prizeName: prize.name,
      valuePhp: prize.valuePhp.toFixed(2),
      drawNumber: outcome?.drawNumber ?? null,
      position: winner?.position ?? null,
      role: winner?.role ?? null,
      controlNumber: winner?.controlNumber ?? null,
      state: winner?.state ?? null,
      buyerName: buyer?.buyerName ?? null,
      address: buyer?.address ?? null,
      maskedName: maskName(buyer?.buyerName),
    };
  });
  return { rows, publishedAt: state?.publishedAt ?? null };
}

/** GET /api/draws/winners.json|csv (administrators): the permit office's list, full names and addresses. */
export async function permitWinnersList(options: { principal: Principal }) {
  requireAdmin(options.principal);
  const { rows, publishedAt } = await loadRows();
  return { publishedAt: publishedAt?.toISOString() ?? null, winners: rows };
}

/** GET /api/public/winners.json|csv (no sign-in): the public list, masked names, after publication only. */
export async function publicWinnersList() {
  const { rows, publishedAt } = await loadRows();
  if (!publishedAt) throw new AppError("not_found", "The winners are not published yet");
  const winners: PublicWinnerListRow[] = rows.map((r) => ({
    prizeRank: r.prizeRank,
    prizeName: r.prizeName,
    valuePhp: r.valuePhp,
    drawNumber: r.drawNumber,
    position: r.position,
    controlNumber: r.controlNumber,
    maskedName: r.maskedName,
  }));
  return { publishedAt: publishedAt.toISOString(), winners };
}

const cell = (value: string | number | null) => (value === null ? "" : neutraliseCell(String(value)));

export function permitWinnersCsv(rows: readonly WinnerListRow[]): string {
  const header = [
    "prize_rank",
    "prize",
    "value_php",
    "draw",
    "position",
    "control_number",
    "full_name",
    "address",
    "state",
  ];
  const lines = rows.map((r) =>
    csvLine(
      [
        r.prizeRank,
        r.prizeName,
        r.valuePhp,
        r.drawNumber,
        r.position,
        r.controlNumber,
        r.buyerName,
        r.address,
        r.state && WINNER_STATE_LABELS[r.state],
      ].map(cell),
    ),
  );
  return [csvLine(header), ...lines].map((l) => `${l}\r\n`).join("");
}

export function publicWinnersCsv(rows: readonly PublicWinnerListRow[]): string {
  const header = ["prize_rank", "prize", "value_php", "draw", "position", "control_number", "winner"];
  const lines = rows.map((r) =>
    csvLine([r.prizeRank, r.prizeName, r.valuePhp, r.drawNumber, r.position, r.controlNumber, r.maskedName].map(cell)),
  );
  return [csvLine(header), ...lines].map((l) => `${l}\r\n`).join("");
}

export function csvDownload(body: string, fileName: string) {
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}
