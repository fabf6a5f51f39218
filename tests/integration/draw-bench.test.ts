// The draw at scale (issue 23): a 100,000-ticket pool commits in ≤ 2 s and reveals in ≤ 1 s on
// PostgreSQL. Runs only when asked (it takes a while to seed):
//   DRAW_BENCH=1 TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
//     npx vitest run --project integration tests/integration/draw-bench.test.ts
// Figures are printed and recorded in docs/decisions/109-draw-measurements.md.
import { describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const COUNT = Number(process.env.DRAW_BENCH_TICKETS ?? 99_999);

describe.skipIf(!process.env.DRAW_BENCH)("draw at scale", () => {
  it(`commits and reveals over ${COUNT.toLocaleString("en-US")} sold tickets`, async () => {
    await resetDb();
    const admin = await createSignedInUser({ isAdmin: true });
    await createSoldTickets(COUNT);
    await db().prize.createMany({
      data: Array.from({ length: 10 }, (_, i) => ({ rank: i + 1, name: `Prize ${i + 1}`, valuePhp: 1000, backups: 3 })),
    });
    await db().raffleState.update({ where: { id: 1 }, data: { status: "sales_closed" } });
    let t = performance.now();
    const commit = await callRoute(commitRoute, {
      method: "POST",
      path: "/api/draws",
      token: admin.token,
      body: { source: { type: "dice", count: 20 } },
    });
    const commitMs = performance.now() - t;
    expect(commit.status, JSON.stringify(commit.json)).toBe(201);
    expect(commit.json.poolCount).toBe(COUNT);
    const id = commit.json.id;
    t = performance.now();
    const reveal = await callRoute(revealRoute, {
      method: "POST",
      path: `/api/draws/${id}/reveal`,
      params: { id },
      token: admin.token,
      body: { outsideValue: "35126443526115623416", witnesses: ["A"] },
    });
    const revealMs = performance.now() - t;
    expect(reveal.status, JSON.stringify(reveal.json)).toBe(200);
    console.info(
      `[draw-bench] engine=${process.env.TEST_DATABASE_URL ? "postgresql" : "pglite"} ` +
        `tickets=${COUNT} commit_ms=${commitMs.toFixed(0)} reveal_ms=${revealMs.toFixed(0)}`,
    );
    if (process.env.DRAW_BENCH_VARIANTS) await commitVariants();
  }, 600_000);
});

// The commit statement's parts and variants (ADR 129), each run in a transaction that is rolled
// back, three times; the first run's EXPLAIN ANALYZE is printed. DRAW_BENCH_VARIANTS=1.
const POOL =
  `SELECT t.id, t.control_number, (row_number() OVER (ORDER BY t.control_number COLLATE "C") - 1)::int AS ` +
  `idx
  FROM tickets t WHERE t.registered_at IS NOT NULL AND t.voided_at IS NULL AND NOT EXISTS (SELECT 1 FROM ` +
  `draw_positions p WHERE p.ticket_id = t.id)`;
const HASH = (order: string) =>
  `encode(sha256(convert_to(coalesce(string_agg(control_number || E'\\n', '' ORDER BY ${order}), ''), 'UTF8')), 'hex')`;
const INSERT =
  `INSERT INTO draw_pool (draw_id, idx, ticket_id, control_number) SELECT ` +
  `'11111111-1111-4111-8111-111111111111'::uuid, idx, id, control_number FROM pool`;
const VARIANTS: Record<string, { setup?: string; sql: string }> = {
  "pool: scan + numbering sort only": { sql: `WITH pool AS MATERIALIZED (${POOL}) SELECT count(*) FROM pool` },
  "hash: scan + one text sort + sha256": {
    sql:
      `SELECT ${HASH('control_number COLLATE "C"')} FROM tickets WHERE ` +
      `registered_at IS NOT NULL AND voided_at IS NULL`,
  },
  "before: snapshot + hash sorted twice by text": {
    sql: `WITH pool AS (${POOL}), p AS (${INSERT}) SELECT count(*), ${HASH('control_number COLLATE "C"')} FROM pool`,
  },
  "after: snapshot + hash over idx": {
    sql: `WITH pool AS MATERIALIZED (${POOL}), p AS (${INSERT}) SELECT count(*), ${HASH("idx")} FROM pool`,
  },
  "after, without the draw_pool(ticket_id) index": {
    setup: "DROP INDEX draw_pool_ticket_id_idx",
    sql: `WITH pool AS MATERIALIZED (${POOL}), p AS (${INSERT}) SELECT count(*), ${HASH("idx")} FROM pool`,
  },
  "after, without any draw_pool index": {
    setup: "DROP INDEX draw_pool_ticket_id_idx; ALTER TABLE draw_pool DROP CONSTRAINT draw_pool_pkey",
    sql: `WITH pool AS MATERIALIZED (${POOL}), p AS (${INSERT}) SELECT count(*), ${HASH("idx")} FROM pool`,
  },
};

class Rollback extends Error {}

async function commitVariants() {
  for (const [name, v] of Object.entries(VARIANTS)) {
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      try {
        await db().$transaction(
          async (tx) => {
            await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
            for (const stmt of (v.setup ?? "").split(";").filter((x) => x.trim())) await tx.$executeRawUnsafe(stmt);
            if (run === 0) {
              const plan = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
                `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${v.sql}`,
              );
              console.info(`[draw-bench] plan of "${name}":\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
              throw new Rollback();
            }
            const t = performance.now();
            await tx.$queryRawUnsafe(v.sql);
            times.push(performance.now() - t);
            throw new Rollback();
          },
          { timeout: 120_000 },
        );
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
    }
    console.info(`[draw-bench] variant "${name}": ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
  }
}
