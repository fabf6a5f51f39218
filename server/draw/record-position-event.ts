import "server-only";
import { DISQUALIFY_REASONS, type PositionAction, type WinnerState } from "@/lib/draw";
import { formatDateTime } from "@/lib/format";
import type { PositionActionPayload } from "@/lib/schemas/draw";
import { DRAW_MESSAGES } from "@/lib/schemas/draw";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { DRAW_NOT_FOUND, drawIdOrThrow } from "@/server/draw/reveal-draw";
import { effectiveWinners, foldStates, isOut, type PositionRow } from "@/server/draw/winners";
import { AppError } from "@/server/http/errors";
import { getSettings } from "@/server/settings/get-settings";

const EVENT_OF: Record<PositionAction, string> = {
  notify: "notified",
  claim: "claimed",
  disqualify: "disqualified",
  forfeit: "forfeited",
  reinstate: "reinstated",
};
const DAY_MS = 86_400_000;

const invalid = (path: string, message: string) =>
  new AppError("validation_failed", message, { issues: [{ path, message }] });

/**
 * POST /api/draws/{id}/positions/{n}/{action} (docs/decisions/107-winners.md): appends one event to
 * the position's history under a lock on the draw row, so two actions on one draw are serialized.
 * notify, claim and forfeit are for the prize's effective winner; disqualify any position still in
 * the running; reinstate a disqualified or forfeited one (not once a later position has claimed).
 */
export async function recordPositionEvent(options: {
  id: string;
  position: number;
  action: PositionAction;
  payload: PositionActionPayload;
  principal: Principal;
}) {
  requireAdmin(options.principal);
  const { user } = options.principal;
  const { action, payload } = options;
  const id = drawIdOrThrow(options.id);
  let reason: string | null = null;
  if (action === "disqualify") {
    if (!payload.reason || !(DISQUALIFY_REASONS as readonly string[]).includes(payload.reason))
      throw invalid("reason", DRAW_MESSAGES.reason);
    if (payload.reason === "other" && (payload.note ?? "").length < 10)
      throw invalid("note", "A note of at least 10 characters is required when the reason is Other");
    reason = payload.reason;
  } else if (action === "reinstate") {
    if ((payload.reason ?? "").length < 3) throw invalid("reason", DRAW_MESSAGES.reinstateReason);
    reason = payload.reason!;
  }
  return db().$transaction(async (tx) => {
    const [draw] = await tx.$queryRaw<
      { id: string; revealed_at: Date | null; prizes: { rank: number; name: string; claimDays: number }[] }[]
    >`
      SELECT id, revealed_at, prizes FROM draws WHERE id = ${id}::uuid FOR UPDATE`;
    if (!draw) throw new AppError("not_found", DRAW_NOT_FOUND);
    if (!draw.revealed_at) throw new AppError("conflict", "The draw has not been revealed yet");
    const positions = await tx.$queryRaw<PositionRow[]>`
      SELECT position, control_number AS "controlNumber", prize_rank AS "prizeRank", role FROM draw_positions WHERE
      draw_id = ${id}::uuid ORDER BY position`;
    const target = positions.find((p) => p.position === options.position);
    if (!target) throw new AppError("not_found", `Position ${options.position} not found in this draw`);
    const events = await tx.$queryRaw<{ position: number; event: string; created_at: Date }[]>`
      SELECT position, event, created_at FROM winner_events WHERE draw_id = ${id}::uuid ORDER BY id`;
    const states = foldStates(events);
    const state: WinnerState = states.get(target.position) ?? "drawn";
    const prize = draw.prizes.find((p) => p.rank === target.prizeRank)!;
    const effective = effectiveWinners(positions, states).get(target.prizeRank);
    const isEffective = effective?.position === target.position;
    const refuse = (message: string) => new AppError("conflict", message);
    const label = `Position ${target.position} (${target.controlNumber})`;
    switch (action) {
      case "notify":
        if (!isEffective) throw refuse(`${label} is not the current winner of ${prize.name}`);
        if (state !== "drawn") throw refuse(`${label} is ${state}, not drawn`);
        break;
      case "claim":
        if (!isEffective) throw refuse(`${label} is not the current winner of ${prize.name}`);
        if (state !== "notified") throw refuse(`${label} must be notified before claiming`);
        break;
      case "disqualify":
        if (state !== "drawn" && state !== "notified") throw refuse(`${label} is ${state} and cannot be disqualified`);
        break;
      case "forfeit": {
        if (!isEffective || state !== "notified")
          throw refuse(`${label} must be the notified winner of ${prize.name} to forfeit`);
        const notifiedAt = [...events]
          .reverse()
          .find((e) => e.position === target.position && e.event === "notified")!.created_at;
        const deadline = new Date(notifiedAt.getTime() + prize.claimDays * DAY_MS);
        if (Date.now() < deadline.getTime())
          throw refuse(
            `The claim period for ${prize.name} ends on ${formatDateTime(deadline, (await getSettings(tx)).timezone)}`,
          );
        break;
      }
      case "reinstate": {
        if (!isOut(state))
          throw refuse(`${label} is ${state}: only a disqualified or forfeited position is reinstated`);
        const laterClaimed = positions.some(
          (p) =>
            p.prizeRank === target.prizeRank && p.position > target.position && states.get(p.position) === "claimed",
        );
        if (laterClaimed) throw refuse(`A later position has already claimed ${prize.name}`);
        break;
      }
    }
    const event = EVENT_OF[action];
    await tx.winnerEvent.create({
      data: { drawId: id, position: target.position, event, reason, note: payload.note || null, actorId: user.id },
    });
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "draw.winner_event",
      entityId: id,
      after: {
        position: target.position,
        controlNumber: target.controlNumber,
        prizeRank: target.prizeRank,
        event,
        reason,
        note: payload.note ?? null,
      },
    });
    return { position: target.position, controlNumber: target.controlNumber, event };
  });
}
