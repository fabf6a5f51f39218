// The embedded database off the request thread (issue 36, docs/decisions/190): what it costs per
// query and what it buys while a heavy statement runs, for three ways of running PGlite:
// - in-thread: PGlite in the request thread (how the app ran it before decision 190);
// - proxy:     PGlite in a worker thread, queries crossing by message (bench/pglite-proxy.worker.mjs);
// - socket:    what the app runs now, PGlite in a worker thread served by @electric-sql/pglite-socket
//              over a Unix socket to a one-connection `pg` pool (server/db/client.ts).
// Each: a trivial SELECT and the ticket totals statement through sql() (the app's hot path), the
// whole GET /api/tickets/stats request (in-thread and socket; the proxy has no Prisma adapter),
// then a 200,000-row INSERT … generate_series while a 20 ms timer (what /api/health/live needs:
// the event loop) and a SELECT every 100 ms (a request that needs the database) keep time, and
// last a transaction held 1 s while five reads wait for it.
//   npm run bench:pglite        (BENCH_ITERATIONS=2000 by default; prints a table and one JSON line)
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { NextRequest } from "next/server";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { GET as statsRoute } from "@/app/api/tickets/stats/route";
import { PrismaClient } from "@/generated/prisma/client";
import { createSession } from "@/server/auth/sessions";
import { closeDb, db, sql, type ScriptRunner } from "@/server/db/client";
import { migrate, migrateWith } from "@/server/db/migrate";
import { resetEnvCache } from "@/server/env";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);
const FILL_ROWS = Number(process.env.BENCH_FILL_ROWS ?? 200_000);
const STATS_SQL = `SELECT coalesce(sum(total), 0)::int AS total, coalesce(sum(registered), 0)::int AS registered,
  coalesce(sum(revenue), 0)::text AS revenue FROM ticket_counters`;

type Mode = "in-thread" | "proxy" | "socket";
const slot = globalThis as typeof globalThis & { __raffleDb?: unknown };

async function timeEach(run: () => Promise<unknown>, n = ITERATIONS) {
  for (let i = 0; i < Math.min(200, n); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const us = (ms: number) => Math.round(ms * 1000);
  return {
    p50_us: us(times[Math.floor(n / 2)]),
    p95_us: us(times[Math.floor(n * 0.95)]),
    mean_us: us(times.reduce((a, b) => a + b, 0) / n),
  };
}

/** A pool-shaped object over a query function: what sql() calls. */
const poolOver = (query: (text: string, params?: unknown[]) => Promise<unknown[]>) => ({
  query: async (text: string, params?: unknown[]) => ({ rows: await query(text, params) }),
  end: async () => {},
});

async function install(mode: Mode): Promise<{ close: () => Promise<void>; prisma: boolean }> {
  // Every mode answers to the key `memory://` gives, so sql() and db() use what is installed here.
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  resetEnvCache();
  if (mode === "socket") {
    await migrate();
    return { close: closeDb, prisma: true };
  }
  if (mode === "in-thread") {
    const pglite = await PGlite.create("memory://", { extensions: { pg_trgm } });
    const runner: ScriptRunner = {
      exec: async (text) => void (await pglite.exec(text)),
      query: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
      close: async () => {},
    };
    await migrateWith(async () => runner);
    const pool = poolOver(async (text, params) => (await pglite.query(text, params)).rows);
    slot.__raffleDb = {
      client: new PrismaClient({ adapter: new PrismaPGlite(pglite) }),
      engine: "pglite",
      pool,
      key: "pglite:memory://",
    };
    return { close: () => pglite.close(), prisma: true };
  }
  const worker = new Worker(new URL("./pglite-proxy.worker.mjs", import.meta.url), {
    workerData: { dataDir: "memory://" },
  });
  await new Promise((resolve) => worker.once("message", resolve));
  let next = 0;
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  worker.on("message", (m: { id: number; rows?: unknown[]; error?: { message: string } }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(Object.assign(new Error(m.error.message), m.error));
    else w?.resolve(m.rows!);
  });
  const call = (op: string, text = "", params?: unknown[]) =>
    new Promise<unknown[]>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, op, text, params });
    });
  const runner: ScriptRunner = {
    exec: async (text) => void (await call("exec", text)),
    query: async <T>(text: string, params?: unknown[]) => (await call("query", text, params)) as T[],
    close: async () => {},
  };
  await migrateWith(async () => runner);
  slot.__raffleDb = {
    client: null,
    engine: "pglite",
    pool: poolOver((text, params) => call("query", text, params)),
    key: "pglite:memory://",
  };
  return {
    close: async () => {
      await call("close");
      await worker.terminate();
    },
    prisma: false,
  };
}

/** Runs `work` while a 20 ms timer and a SELECT every 100 ms keep time; their worst waits. */
async function underLoad(work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let timerWorst = 0;
  // The timer's lateness is measured from its last run, so a loop that ends blocked is counted too.
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    timerWorst = Math.max(timerWorst, now - last - 20);
    last = now;
  }, 20);
  let reading = true;
  const reads: number[] = [];
  const reader = (async () => {
    while (reading) {
      const t = performance.now();
      await sql("SELECT 1");
      reads.push(performance.now() - t);
      await sleep(100);
    }
  })();
  const t = performance.now();
  await work();
  const workMs = performance.now() - t;
  await sleep(0);
  timerWorst = Math.max(timerWorst, performance.now() - last - 20);
  reading = false;
  await reader;
  clearInterval(timer);
  delay.disable();
  // A loop blocked from start to end records no sample in the histogram: the 20 ms timer's lateness counts too.
  return {
    work_ms: Math.round(workMs),
    event_loop_max_ms: Math.round(Math.max(delay.max / 1e6, timerWorst)),
    db_read_max_ms: Math.round(Math.max(...reads)),
    db_reads: reads.length,
  };
}

async function runMode(mode: Mode) {
  const { close, prisma } = await install(mode);
  try {
    const result: Record<string, unknown> = { mode };
    result.select1 = await timeEach(() => sql("SELECT 1"));
    result.stats_sql = await timeEach(() => sql(STATS_SQL));
    if (prisma) {
      const user = await db().user.create({ data: { email: `bench-${mode}@example.com`, isAdmin: true } });
      const { token } = await createSession({ userId: user.id, kind: "bearer" });
      await db().$executeRaw`UPDATE settings SET api_rate_limit = 100000000, enable_api_logging = false WHERE id = 1`;
      result.stats_route = await timeEach(
        async () => {
          const res = await statsRoute(
            new NextRequest("http://localhost/api/tickets/stats", { headers: { authorization: `Bearer ${token}` } }),
            { params: Promise.resolve({}) },
          );
          if (res.status !== 200) throw new Error(`stats answered ${res.status}`);
        },
        Math.min(ITERATIONS, 1000),
      );
    }
    await sql("CREATE TABLE bench_fill (n int, t text)");
    result.fill = await underLoad(() =>
      sql(`INSERT INTO bench_fill SELECT g, md5(g::text) FROM generate_series(1, ${FILL_ROWS}) g`),
    );
    if (prisma) {
      // A transaction holding the one session for 1 s; five reads asked 100 ms into it wait for it.
      const waits: Promise<number>[] = [];
      const t = performance.now();
      await db().$transaction(
        async (tx) => {
          await tx.$executeRaw`UPDATE settings SET api_rate_limit = api_rate_limit WHERE id = 1`;
          await sleep(100);
          for (let i = 0; i < 5; i++) {
            const asked = performance.now();
            waits.push(sql("SELECT 1").then(() => performance.now() - asked));
          }
          await sleep(900);
        },
        { timeout: 10_000 },
      );
      const held = performance.now() - t;
      const w = await Promise.all(waits);
      result.held_transaction = {
        held_ms: Math.round(held),
        read_wait_max_ms: Math.round(Math.max(...w)),
        read_wait_min_ms: Math.round(Math.min(...w)),
      };
    }
    return result;
  } finally {
    await close();
    slot.__raffleDb = undefined;
  }
}

const modes = (process.env.BENCH_MODES?.split(",") as Mode[] | undefined) ?? ["in-thread", "proxy", "socket"];
const results = [];
for (const mode of modes) {
  results.push(await runMode(mode));
  console.log(JSON.stringify(results.at(-1)));
}
const { loadavg } = await import("node:os");
console.table(
  results.map((r) => {
    const x = r as Record<string, Record<string, number> | undefined>;
    return {
      mode: r.mode,
      "SELECT 1 p50 µs": x.select1?.p50_us,
      "stats SQL p50 µs": x.stats_sql?.p50_us,
      "GET /api/tickets/stats p50 µs": x.stats_route?.p50_us,
      [`INSERT ${FILL_ROWS} rows ms`]: x.fill?.work_ms,
      "event loop worst ms": x.fill?.event_loop_max_ms,
      "DB read worst ms": x.fill?.db_read_max_ms,
      "read waits on 1 s tx ms": x.held_transaction?.read_wait_max_ms,
    };
  }),
);
console.log(
  JSON.stringify({
    bench: "pglite-thread",
    loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
    iterations: ITERATIONS,
    results,
  }),
);
// The in-thread mode's Prisma client (PGlite adapter) keeps the loop alive after its database closed.
process.exit(0);
