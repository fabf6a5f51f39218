// What issue 12's per-request work costs, measured on each engine (docs/decisions/026 and 040):
// reading the settings row per request, an in-process cache hit instead, the rate-limit count
// (in memory since issue 13; the settings come with the session), the request log line, and a
// whole signed-in API call through apiRoute. Small and quick on purpose; it prints a table.
//   npx tsx --conditions=react-server bench/request-overhead.ts            (embedded, in memory)
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx --conditions=react-server
// bench/request-overhead.ts
import { Writable } from "node:stream";
import pg from "pg";
import pino from "pino";
import { NextRequest } from "next/server";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { createSession } from "@/server/auth/sessions";
import { closeDb, db } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { resetEnvCache } from "@/server/env";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { setApiLogDestination, trackRequest } from "@/server/http/request-log";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);
const WARMUP = Math.min(200, ITERATIONS);

async function measure(name: string, run: () => Promise<unknown> | unknown) {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const us = (ms: number) => Math.round(ms * 1000);
  return {
    name,
    p50_us: us(times[Math.floor(times.length / 2)]),
    p95_us: us(times[Math.floor(times.length * 0.95)]),
    mean_us: us(times.reduce((a, b) => a + b, 0) / times.length),
  };
}

async function runOn(engine: string) {
  await migrate();
  await db().$executeRaw`UPDATE settings SET api_rate_limit = 100000000 WHERE id = 1`;
  const user = await db().user.upsert({
    where: { email: "bench@example.com" },
    create: { email: "bench@example.com" },
    update: {},
  });
  const { token } = await createSession({ userId: user.id, kind: "bearer" });
  const principal = {
    user: { id: user.id, email: user.email, displayName: null, photoUrl: null, isAdmin: false },
    via: "bearer" as const,
    sessionId: "x",
    settings: { apiRateLimit: 100_000_000, enableApiLogging: true },
  };
  const req = new NextRequest("http://localhost/api/auth/profile");
  const cache = new Map([["settings", { apiRateLimit: 100, enableApiLogging: true }]]);
  const sink = new Writable({ write: (_c, _e, cb) => cb() });
  const logger = pino({ timestamp: pino.stdTimeFunctions.isoTime }, sink);
  const call = (logging: boolean) => async () => {
    const res = await profileRoute(
      new NextRequest("http://localhost/api/auth/profile", { headers: { authorization: `Bearer ${token}` } }),
      { params: Promise.resolve({}) },
    );
    if (res.status !== 200) throw new Error(`profile answered ${res.status} (logging ${logging})`);
  };

  setApiLogDestination(sink);
  const rows = [
    await measure(
      "settings row read per request (SELECT by id)",
      () => db().$queryRaw`SELECT api_rate_limit, enable_api_logging FROM settings WHERE id = 1`,
    ),
    await measure("in-process cache hit instead (Map.get)", () => cache.get("settings")),
    await measure("rate-limit count (in memory; exchanged with the table every second)", () =>
      enforceRateLimit({ req, principal, track: trackRequest(req, "bench") }),
    ),
    await measure("request log line (pino, to a discarding stream)", () =>
      logger.info(
        { requestId: "r", method: "GET", route: "/api/x", status: 200, durationMs: 1.2, userId: user.id },
        "api request",
      ),
    ),
    await measure("signed-in API call, logging on (GET /api/auth/profile)", call(true)),
  ];
  await db().$executeRaw`UPDATE settings SET enable_api_logging = false WHERE id = 1`;
  rows.push(await measure("signed-in API call, logging off", call(false)));
  console.log(`\n${engine} (${ITERATIONS} iterations each)`);
  console.table(rows);
  await closeDb();
  return rows;
}

const results: Record<string, unknown> = {};
delete process.env.DATABASE_URL;
process.env.PGLITE_DIR = "memory://";
resetEnvCache();
results.pglite = await runOn("embedded PGlite (in memory)");

const server = process.env.BENCH_DATABASE_URL;
if (server) {
  const name = `bench_overhead_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    resetEnvCache();
    results.postgresql = await runOn("PostgreSQL");
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
