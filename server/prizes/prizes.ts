import "server-only";
import type { Prize as PrizeRow } from "@/generated/prisma/client";
import type { Prize, PrizePayload } from "@/lib/schemas/prize";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { violatesConstraint } from "@/server/http/db-errors";
import { AppError } from "@/server/http/errors";

// The prize table (docs/decisions/105). The database freezes it once a draw is committed (RF004 →
// 409 draw_committed); ranks are unique (409 conflict).

export const PRIZE_NOT_FOUND = "Prize not found";

export function serializePrize(row: PrizeRow): Prize {
  return {
    id: row.id,
    rank: row.rank,
    name: row.name,
    valuePhp: row.valuePhp.toFixed(2),
    backups: row.backups,
    claimDays: row.claimDays,
  };
}

const rankTaken = (rank: number) => new AppError("conflict", `Rank ${rank} is already taken by another prize`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listPrizes(): Promise<Prize[]> {
  return (await db().prize.findMany({ orderBy: { rank: "asc" } })).map(serializePrize);
}

export async function createPrize(options: { payload: PrizePayload; principal: Principal }): Promise<Prize> {
  requireAdmin(options.principal);
  const { user } = options.principal;
  try {
    return await db().$transaction(async (tx) => {
      const row = await tx.prize.create({ data: options.payload });
      await writeAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: "prize.create",
        entityId: row.id,
        after: serializePrize(row),
      });
      return serializePrize(row);
    });
  } catch (error) {
    if (violatesConstraint(error, "prizes_rank_key")) throw rankTaken(options.payload.rank);
    throw error;
  }
}

export async function updatePrize(options: {
  id: string;
  payload: PrizePayload;
  principal: Principal;
}): Promise<Prize> {
  requireAdmin(options.principal);
  const { user } = options.principal;
  if (!UUID.test(options.id)) throw new AppError("not_found", PRIZE_NOT_FOUND);
  try {
    return await db().$transaction(async (tx) => {
      const before = await tx.prize.findUnique({ where: { id: options.id } });
      if (!before) throw new AppError("not_found", PRIZE_NOT_FOUND);
      const row = await tx.prize.update({
        where: { id: options.id },
        data: { ...options.payload, updatedAt: new Date() },
      });
      await writeAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: "prize.update",
        entityId: row.id,
        before: serializePrize(before),
        after: serializePrize(row),
      });
      return serializePrize(row);
    });
  } catch (error) {
    if (violatesConstraint(error, "prizes_rank_key")) throw rankTaken(options.payload.rank);
    throw error;
  }
}

export async function deletePrize(options: { id: string; principal: Principal }): Promise<Prize> {
  requireAdmin(options.principal);
  const { user } = options.principal;
  if (!UUID.test(options.id)) throw new AppError("not_found", PRIZE_NOT_FOUND);
  return db().$transaction(async (tx) => {
    const rows = await tx.prize.findMany({ where: { id: options.id } });
    if (!rows[0]) throw new AppError("not_found", PRIZE_NOT_FOUND);
    await tx.prize.delete({ where: { id: options.id } });
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "prize.delete",
      entityId: options.id,
      before: serializePrize(rows[0]),
    });
    return serializePrize(rows[0]);
  });
}
