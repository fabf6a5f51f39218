import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import type { CommitDrawPayload } from "@/lib/schemas/draw";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { commitHash, positionPlan } from "@/server/draw/algorithm";
import { loadPrizeOutcomes } from "@/server/draw/prize-outcomes";
import { readRaffleStatus, setRaffleStatus } from "@/server/draw/raffle-state";
import { sealSeed } from "@/server/draw/seal";
import { violatesConstraint } from "@/server/http/db-errors";
import { AppError } from "@/server/http/errors";

const ALREADY_OPEN = "A draw is already committed and not yet revealed";

/**
 * POST /api/draws: commits a draw in one transaction (docs/decisions/106): the pool (sold, not void,
 * never drawn before) snapshotted in control-number byte order with its hash, computed by the same
 * statement that inserts it; a fresh 32-byte server seed sealed under DRAW_SEED_KEY and its commit
 * hash; the outside value's source; the prizes it covers. From sales_closed (the first draw) or drawn
 * (a new draw for the prizes whose run is exhausted).
 */
export async function commitDraw(options: { payload: CommitDrawPayload; principal: Principal }) {
  requireAdmin(options.principal);
  const { user } = options.principal;
  const id = randomUUID();
  const serverSeed = randomBytes(32);
  const sealed = await sealSeed(id, serverSeed);
  const commit = commitHash(serverSeed);
  try {
    return await db().$transaction(
      async (tx) => {
        const status = await readRaffleStatus(tx, { lock: true });
        if (status === "selling") throw new AppError("conflict", "Close sales before committing the draw");
        if (status === "committed") throw new AppError("conflict", ALREADY_OPEN);
        if (status !== "sales_closed" && status !== "drawn")
          throw new AppError("conflict", "The winners are already published");
        const prizes = await tx.prize.findMany({ orderBy: { rank: "asc" } });
        if (!prizes.length) throw new AppError("conflict", "Add at least one prize before committing the draw");
        let covered = prizes;
        if (status === "drawn") {
          const outcomes = await loadPrizeOutcomes(tx);
          covered = prizes.filter((p) => outcomes.get(p.rank)?.exhausted);
          if (!covered.length)
            throw new AppError(
              "conflict",
              "Every prize has a winner: a new draw is only for a prize whose run is exhausted",
            );
        }
        // One text sort (COLLATE "C", byte order) numbers the pool; the hash aggregates over that
        // number (an integer sort of rows already in order), ADR 129. In memory at 100,000 rows.
        await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
        const snapshot = covered.map((p) => ({
          rank: p.rank,
          name: p.name,
          valuePhp: p.valuePhp.toFixed(2),
          backups: p.backups,
          claimDays: p.claimDays,
        }));
        const wanted = positionPlan(snapshot, Number.MAX_SAFE_INTEGER).length;
        const [row] = await tx.$queryRaw<
          { number: number; pool_count: number; pool_hash: string; positions: number }[]
        >`
          WITH pool AS MATERIALIZED (
            SELECT t.id, t.control_number, (row_number() OVER (ORDER BY t.control_number COLLATE "C") - 1)::int AS idx
            FROM tickets t
            WHERE t.registered_at IS NOT NULL AND t.voided_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM draw_positions p WHERE p.ticket_id = t.id)
          ), agg AS (
            SELECT count(*)::int AS n,
              encode(sha256(convert_to(coalesce(string_agg(control_number || E'\n', '' ORDER BY idx), ''), 'UTF8')),
          'hex') AS hash
            FROM pool
          ), d AS (
            INSERT INTO draws (id, number, mode, source, prizes, positions, pool_count, pool_hash, commit_hash,
          sealed_seed, committed_by_id)
            SELECT ${id}::uuid, coalesce((SELECT max(number) FROM draws), 0) + 1, ${options.payload.mode}::text,
              ${JSON.stringify(options.payload.source)}::jsonb, ${JSON.stringify(snapshot)}::jsonb,
          least(${wanted}::int, agg.n), agg.n, agg.hash,
              ${commit}::text, ${sealed}, ${user.id}::uuid
            FROM agg WHERE agg.n > 0
            RETURNING number, pool_count, pool_hash, positions
          ), p AS (
            INSERT INTO draw_pool (draw_id, idx, ticket_id, control_number)
            SELECT ${id}::uuid, pool.idx, pool.id, pool.control_number FROM pool WHERE EXISTS (SELECT 1 FROM d)
          )
          SELECT number, pool_count, pool_hash, positions FROM d`;
        if (!row) throw new AppError("conflict", "The pool is empty: no sold ticket is left to draw");
        await setRaffleStatus(tx, "committed");
        await writeAudit(tx, {
          actor: { id: user.id, email: user.email },
          action: "draw.commit",
          entityId: id,
          after: {
            number: row.number,
            poolCount: row.pool_count,
            poolHash: row.pool_hash,
            commitHash: commit,
            source: options.payload.source,
            prizes: snapshot.map((p) => p.rank),
          },
        });
        return {
          id,
          number: row.number,
          poolCount: row.pool_count,
          poolHash: row.pool_hash,
          commitHash: commit,
          positions: row.positions,
        };
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
  } catch (error) {
    if (violatesConstraint(error, "draws_one_open")) throw new AppError("conflict", ALREADY_OPEN);
    throw error;
  }
}
