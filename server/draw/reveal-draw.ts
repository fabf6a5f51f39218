import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { sameOutsideValue } from "@/lib/draw";
import { DRAW_MESSAGES, type RevealDrawPayload, type DrawSource } from "@/lib/schemas/draw";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { sealAuditLog } from "@/server/activity/seal-audit-log";
import { db } from "@/server/db/client";
import { commitHash, deriveSeed, drawSequence, positionPlan } from "@/server/draw/algorithm";
import { canonicalOutsideValue, DRUM_NO_OUTSIDE_VALUE } from "@/server/draw/outside-value";
import { readRaffleStatus, setRaffleStatus } from "@/server/draw/raffle-state";
import { openSeed } from "@/server/draw/seal";
import { AppError } from "@/server/http/errors";

export const DRAW_NOT_FOUND = "Draw not found";
export const ALREADY_REVEALED = "This draw has already been revealed";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Count, last id and SHA-256 of the audit rows so far (docs/draw.md §4): the certificate's audit checkpoint. */
export async function readAuditCheckpoint(tx: Pick<Prisma.TransactionClient, "$queryRaw">) {
  const [checkpoint] = await tx.$queryRaw<{ count: number; sha256: string; last_id: string | null }[]>`
    SELECT count(*)::int AS count, max(id)::text AS last_id,
      encode(sha256(convert_to(coalesce(string_agg(id::text || E'\t' || iso_utc(created_at) || E'\t' || action || E'\t'
    || entity_type || E'\t' || coalesce(entity_id, '') || E'\n', '' ORDER BY id), ''), 'UTF8')), 'hex') AS sha256
    FROM audit_log`;
  return { count: checkpoint.count, lastId: checkpoint.last_id, sha256: checkpoint.sha256 };
}

export function drawIdOrThrow(id: string) {
  if (!UUID.test(id)) throw new AppError("not_found", DRAW_NOT_FOUND);
  return id.toLowerCase();
}

/**
 * POST /api/draws/{id}/reveal: the witnessed draw. The outside value (checked and made canonical,
 * a drand round verified offline) and the unsealed server seed give the seed; the whole sequence
 * of Σ prizes × (1 + backups) positions is computed at once and written, each position 'drawn',
 * with an audit checkpoint (count and SHA-256 of the audit rows so far). One conditional UPDATE
 * decides: two reveals at once leave one sequence, the other gets 409.
 */
export async function revealDraw(options: { id: string; payload: RevealDrawPayload; principal: Principal }) {
  requireAdmin(options.principal);
  const { user } = options.principal;
  const id = drawIdOrThrow(options.id);
  const draw = await db().draw.findUnique({ where: { id } });
  if (!draw) throw new AppError("not_found", DRAW_NOT_FOUND);
  if (draw.revealedAt) throw new AppError("conflict", ALREADY_REVEALED);
  if (draw.mode === "drum") throw new AppError("conflict", DRUM_NO_OUTSIDE_VALUE);
  const source = draw.source as DrawSource;
  const { outsideValueConfirm } = options.payload;
  if (
    outsideValueConfirm !== undefined &&
    !sameOutsideValue(source.type, options.payload.outsideValue, outsideValueConfirm)
  ) {
    throw new AppError("validation_failed", DRAW_MESSAGES.outsideValueMismatch, {
      issues: [{ path: "outsideValueConfirm", message: DRAW_MESSAGES.outsideValueMismatch }],
    });
  }
  const outsideValue = canonicalOutsideValue(source, options.payload.outsideValue);
  const serverSeed = await openSeed(id, draw.sealedSeed);
  if (commitHash(serverSeed) !== draw.commitHash)
    throw new Error(`draw ${id}: the sealed seed does not match its commitment`);
  const [{ pool }] = await db().$queryRaw<{ pool: string | null }[]>`
    SELECT string_agg(control_number, E'\n' ORDER BY idx) AS pool FROM draw_pool WHERE draw_id = ${id}::uuid`;
  const poolList = pool ? pool.split("\n") : [];
  const seed = deriveSeed({ serverSeed, drawId: id, poolHash: draw.poolHash, outsideValue });
  const prizes = draw.prizes as { rank: number; backups: number }[];
  const plan = positionPlan(prizes, poolList.length);
  const sequence = drawSequence(poolList, seed, plan.length);
  // The audit rows so far sealed into the hash chain (docs/decisions/211) before the certificate sums them.
  await sealAuditLog();

  return db().$transaction(
    async (tx) => {
      // The state row first, FOR UPDATE, as every transition takes it: the writes below fire the
      // closed-raffle guard, which takes it FOR SHARE, and a share later raised to the update of
      // setRaffleStatus deadlocks against a concurrent reveal holding the same share.
      await readRaffleStatus(tx, { lock: true });
      const auditCheckpoint = await readAuditCheckpoint(tx);
      const updated = await tx.$executeRaw`
        UPDATE draws SET revealed_at = now(), revealed_by_id = ${user.id}::uuid, server_seed =
        ${serverSeed.toString("hex")},
          outside_value = ${outsideValue}, seed = ${seed.toString("hex")}, witnesses =
        ${JSON.stringify(options.payload.witnesses)}::jsonb,
          audit_checkpoint = ${JSON.stringify(auditCheckpoint)}::jsonb
        WHERE id = ${id}::uuid AND revealed_at IS NULL`;
      if (updated !== 1) throw new AppError("conflict", ALREADY_REVEALED);
      await tx.$executeRaw`
        INSERT INTO draw_positions (draw_id, position, ticket_id, control_number, prize_rank, role)
        SELECT ${id}::uuid, x.position, p.ticket_id, x.cn, x.rank, x.role
        FROM unnest(${plan.map((p) => p.position)}::int[], ${sequence}::text[], ${plan.map((p) => p.prizeRank)}::int[],
        ${plan.map((p) => p.role)}::text[])
          AS x(position, cn, rank, role)
        JOIN draw_pool p ON p.draw_id = ${id}::uuid AND p.control_number = x.cn`;
      await tx.$executeRaw`
        INSERT INTO winner_events (draw_id, position, event, actor_id)
        SELECT ${id}::uuid, position, 'drawn', ${user.id}::uuid FROM unnest(${plan.map((p) => p.position)}::int[]) AS
        x(position) ORDER BY position`;
      await setRaffleStatus(tx, "drawn");
      await writeAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: "draw.reveal",
        entityId: id,
        after: {
          number: draw.number,
          outsideValue,
          seed: seed.toString("hex"),
          positions: plan.length,
          witnesses: options.payload.witnesses,
          auditCheckpoint,
        },
      });
      return { id, outsideValue, seed: seed.toString("hex"), positions: plan.length };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}
