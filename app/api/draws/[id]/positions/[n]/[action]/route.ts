// POST /api/draws/{id}/positions/{n}/{notify|claim|disqualify|forfeit|reinstate} - a winner's history (admin)
import { POSITION_ACTIONS, type PositionAction } from "@/lib/draw";
import { positionActionSchema } from "@/lib/schemas/draw";
import { apiRoute } from "@/server/http/api-route";
import { recordPositionEvent } from "@/server/draw/record-position-event";
import { AppError } from "@/server/http/errors";
import type { PositionEventSaved } from "@/lib/schemas/draw";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: positionActionSchema }, async ({ params, body, principal }) => {
  const position = Number(params.n);
  if (!(POSITION_ACTIONS as readonly string[]).includes(params.action) || !Number.isInteger(position) || position < 1) {
    throw new AppError("not_found", "No such position action");
  }
  const result = await recordPositionEvent({
    id: params.id,
    position,
    action: params.action as PositionAction,
    payload: body,
    principal,
  });
  return {
    success: true,
    message: `Position ${result.position} ${result.event}`,
    ...result,
  } satisfies PositionEventSaved;
});
