import "server-only";
import { describeSource, type WinnerState } from "@/lib/draw";
import { maskName } from "@/lib/mask";
import type { AdminDraw, DrawPrize, DrawSource, EvidenceFile, PublicDraw, SequenceEntry } from "@/lib/schemas/draw";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { DRAW_ALGORITHM, positionPlan } from "@/server/draw/algorithm";
import { DRAW_NOT_FOUND, drawIdOrThrow } from "@/server/draw/reveal-draw";
import { effectiveWinners, foldStates, type PositionRow } from "@/server/draw/winners";
import { AppError } from "@/server/http/errors";

interface Loaded {
  view: PublicDraw;
  positions: (PositionRow & { state: WinnerState; buyerName: string | null; phoneNumber: string | null })[];
  events: {
    position: number;
    event: string;
    reason: string | null;
    note: string | null;
    at: Date;
    actor: string | null;
    evidence: EvidenceFile[];
  }[];
  witnesses: string[] | null;
  auditCheckpoint: unknown;
}

/** One draw with its sequence, each position's state and its buyer (names masked in `view`). */
export async function loadDraw(idText: string): Promise<Loaded> {
  const id = drawIdOrThrow(idText);
  const draw = await db().draw.findUnique({ where: { id } });
  if (!draw) throw new AppError("not_found", DRAW_NOT_FOUND);
  const rows = await db().$queryRaw<(PositionRow & { buyerName: string | null; phoneNumber: string | null })[]>`
    SELECT p.position, p.control_number AS "controlNumber", p.prize_rank AS "prizeRank", p.role, t.buyer_name AS
    "buyerName", t.phone_number AS "phoneNumber"
    FROM draw_positions p LEFT JOIN tickets t ON t.id = p.ticket_id WHERE p.draw_id = ${id}::uuid ORDER BY p.position`;
  const events = await db().$queryRaw<Loaded["events"]>`
    SELECT e.position, e.event, e.reason, e.note, e.created_at AS at, coalesce(u.display_name, u.email) AS actor,
      coalesce((SELECT json_agg(json_build_object('id', v.id, 'fileName', v.file_name, 'fileSize', v.file_size,
    'sha256', v.sha256, 'removed', v.removed_at IS NOT NULL) ORDER BY v.created_at, v.id)
        FROM winner_event_evidence v WHERE v.event_id = e.id), '[]'::json) AS evidence
    FROM winner_events e LEFT JOIN users u ON u.id = e.actor_id WHERE e.draw_id = ${id}::uuid ORDER BY e.id`;
  const states = foldStates(events);
  const positions = rows.map((r) => ({ ...r, state: states.get(r.position) ?? ("drawn" as WinnerState) }));
  const sequence: SequenceEntry[] | null = draw.revealedAt
    ? positions.map((p) => ({
        position: p.position,
        controlNumber: p.controlNumber,
        prizeRank: p.prizeRank,
        role: p.role,
        state: p.state,
        maskedName: maskName(p.buyerName),
      }))
    : null;
  const source = draw.source as DrawSource;
  const view: PublicDraw = {
    id: draw.id,
    number: draw.number,
    algorithm: DRAW_ALGORITHM,
    mode: draw.mode as PublicDraw["mode"],
    poolCount: draw.poolCount,
    poolHash: draw.poolHash,
    commitHash: draw.commitHash,
    source,
    sourceText: describeSource(source),
    prizes: draw.prizes as unknown as DrawPrize[],
    committedAt: draw.committedAt.toISOString(),
    revealedAt: draw.revealedAt?.toISOString() ?? null,
    publishedAt: draw.publishedAt?.toISOString() ?? null,
    serverSeed: draw.serverSeed,
    outsideValue: draw.outsideValue,
    seed: draw.seed,
    sequence,
  };
  return {
    view,
    positions,
    events,
    witnesses: draw.witnesses as string[] | null,
    auditCheckpoint: draw.auditCheckpoint,
  };
}

/** GET /api/public/draws/{id}: the commitment, and after the reveal the sequence with masked names. */
export async function getPublicDraw(id: string): Promise<PublicDraw> {
  return (await loadDraw(id)).view;
}

/** GET /api/draws/{id} (administrators): plus full names and phones, effective winners and the history. */
export async function getDraw(options: { id: string; principal: Principal }): Promise<AdminDraw> {
  requireAdmin(options.principal);
  const loaded = await loadDraw(options.id);
  const states = new Map(loaded.positions.map((p) => [p.position, p.state]));
  const effective = effectiveWinners(loaded.positions, states);
  const revealed = Boolean(loaded.view.revealedAt);
  let drum: AdminDraw["drum"] = null;
  if (loaded.view.mode === "drum" && !revealed) {
    const plan = positionPlan(loaded.view.prizes, loaded.view.poolCount);
    drum = {
      picked: loaded.positions.map((p) => ({
        position: p.position,
        controlNumber: p.controlNumber,
        prizeRank: p.prizeRank,
        role: p.role,
        buyerName: p.buyerName,
      })),
      next: plan[loaded.positions.length] ?? null,
      total: plan.length,
    };
  }
  return {
    ...loaded.view,
    witnesses: loaded.witnesses,
    drum,
    effectiveWinners: [...effective.values()].flatMap((w) =>
      w ? [{ prizeRank: w.prizeRank, position: w.position, controlNumber: w.controlNumber }] : [],
    ),
    exhaustedPrizes: revealed ? [...effective].filter(([, w]) => !w).map(([rank]) => rank) : [],
    positionsDetail: revealed
      ? loaded.positions.map((p) => ({
          position: p.position,
          controlNumber: p.controlNumber,
          prizeRank: p.prizeRank,
          role: p.role,
          state: p.state,
          maskedName: maskName(p.buyerName),
          buyerName: p.buyerName,
          phoneNumber: p.phoneNumber,
        }))
      : null,
    events: loaded.events.map((e) => ({
      position: e.position,
      event: e.event,
      reason: e.reason,
      note: e.note,
      at: e.at.toISOString(),
      actor: e.actor,
      evidence: e.evidence,
    })),
  };
}

/** GET /api/draws (administrators): every draw, newest first (ids and numbers for the Draw page). */
export async function listDraws(options: { principal: Principal }) {
  requireAdmin(options.principal);
  const rows = await db().draw.findMany({
    orderBy: { number: "desc" },
    select: { id: true, number: true, committedAt: true, revealedAt: true, publishedAt: true, poolCount: true },
  });
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    poolCount: r.poolCount,
    committedAt: r.committedAt.toISOString(),
    revealedAt: r.revealedAt?.toISOString() ?? null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }));
}

/** GET /api/public/draws/{id}/pool.csv: header control_number, one per line, the pool's order. */
export async function poolCsv(idText: string): Promise<string> {
  const id = drawIdOrThrow(idText);
  const [row] = await db().$queryRaw<{ exists: boolean; pool: string | null }[]>`
    SELECT EXISTS (SELECT 1 FROM draws WHERE id = ${id}::uuid) AS exists,
      (SELECT string_agg(control_number || E'\n', '' ORDER BY idx) FROM draw_pool WHERE draw_id = ${id}::uuid) AS pool`;
  if (!row?.exists) throw new AppError("not_found", DRAW_NOT_FOUND);
  return `control_number\n${row.pool ?? ""}`;
}
