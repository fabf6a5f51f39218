// The api_rate_limit setting: requests a minute per signed-in user (per client address before
// sign-in), counted per instance and added to the shared table every second so every instance
// shares the count; past it, 429 `rate_limited` with Retry-After; the health probes exempt.
import http from "node:http";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { POST as verifyTokenRoute } from "@/app/api/auth/verify-token/route";
import { GET as liveRoute } from "@/app/api/health/live/route";
import { GET as healthRoute } from "@/app/api/health/route";
import { PUT as putSettingsRoute } from "@/app/api/settings/route";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import {
  CLIENT_ADDRESS_ENV,
  CLIENT_ADDRESS_HEADER,
  parseTrustedProxies,
  stampClientAddress,
} from "@/lib/client-address.mjs";
import {
  MAX_ADDRESS_KEYS,
  enforceRateLimit,
  flushRateLimitCounts,
  resetRateLimiter,
  sweepRateLimitTable,
} from "@/server/http/rate-limit";
import type { Principal } from "@/server/auth/principal";
import type { AppError } from "@/server/http/errors";
import type { RequestTrack } from "@/server/http/request-log";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const users = freshAdminAndStaff();

const profile = (token: string) => callRoute(profileRoute, { path: "/api/auth/profile", token });
const fromAddress = (forwardedFor: string) =>
  callRoute(verifyTokenRoute, {
    method: "POST",
    path: "/api/auth/verify-token",
    body: {},
    headers: { "x-forwarded-for": forwardedFor },
  });
const setLimit = async (n: number) => {
  const res = await callRoute(putSettingsRoute, {
    method: "PUT",
    path: "/api/settings",
    body: { api_rate_limit: n },
    token: users.admin.token,
  });
  expect(res.status).toBe(200);
};

/** What the next minute brings, without waiting for it: this process's clock moves a minute on. */
let clockOffset = 0;
const moveToNextMinute = () => {
  clockOffset += 60_000;
};
/**
 * The limiter's clock (this process's, not the database's) set one second into the next minute, so
 * a test's requests fall in one minute without waiting up to 20 s for the wall clock's.
 */
const startFreshMinute = () => {
  clockOffset = 61_000 - (Date.now() % 60_000);
};
beforeEach(() => {
  clockOffset = 0;
  resetRateLimiter(() => Date.now() + clockOffset);
});

async function callTimes(n: number, call: () => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) statuses.push((await call()).status);
  return statuses;
}

describe("api_rate_limit", () => {
  it(
    "at the default 100: the 101st request in a minute answers 429 " +
      "with Retry-After, and the minute after answers 200",
    async () => {
      startFreshMinute();
      expect(await callTimes(100, () => profile(users.staff.token))).toEqual(Array(100).fill(200));
      const refused = await profile(users.staff.token);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json).toEqual({
        success: false,
        code: "rate_limited",
        message:
          `Too many requests: the limit is 100 a minute. Try again ` +
          `in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`,
      });
      expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

      // The window slides: a minute on, the last minute's count still weighs; two on, it is gone.
      moveToNextMinute();
      moveToNextMinute();
      expect((await profile(users.staff.token)).status).toBe(200);
    },
  );

  it("counts the requests a flush is adding to the table while the flush is in flight", async () => {
    // With a pool of connections a flush's exchange can take a while under load; the requests it
    // carries were counted neither as pending nor in the shared count until its answer, so a
    // request checked meanwhile slipped past the limit. The check is called directly, so it runs
    // while the exchange is in flight (a route would read the session first, behind it on PGlite).
    await setLimit(10);
    startFreshMinute();
    expect(await callTimes(10, () => profile(users.staff.token))).toEqual(Array(10).fill(200));
    const principal: Principal = {
      user: users.staff.user as Principal["user"],
      via: "bearer",
      sessionId: "flush-in-flight",
      settings: { apiRateLimit: 10, enableApiLogging: false },
    };
    const check = () =>
      enforceRateLimit({
        req: new NextRequest(new URL("/api/auth/profile", "http://localhost:3000")),
        principal,
        track: { settings: null } as unknown as RequestTrack,
      });
    const flushing = flushRateLimitCounts();
    const during = check().then(
      () => "allowed",
      (error: AppError) => error.code,
    );
    await flushing;
    expect(await during).toBe("rate_limited");
    await expect(check()).rejects.toMatchObject({ code: "rate_limited" });
  });

  it(
    "a new minute counts the minute just ended whole, though a flush still carries its requests to the table",
    { tags: ["sql"] },
    async () => {
      // The ended minute's requests are in a flush whose exchange is slow (a trigger here); the new
      // minute's first exchange gets in first and moves the table's row on, so neither the row's
      // previous count nor the window's shared count has them yet. The minute must still weigh.
      // A limit of 10 filled in the minute before weighs 10 × (1 − s / 60) + 1 > 10 for the first
      // 6 s of this one: the limiter's clock is set half a second into the next minute.
      await setLimit(10);
      clockOffset = 60_500 - (Date.now() % 60_000);
      const endedMinute = Date.now() + clockOffset - 500;
      expect(await callTimes(10, () => profile(users.staff.token))).toEqual(Array(10).fill(200));
      await db().$executeRawUnsafe(
        `CREATE FUNCTION test_slow_flush() RETURNS TRIGGER LANGUAGE plpgsql AS ` +
          `$$ BEGIN IF NEW.count > 0 THEN PERFORM pg_sleep(1); END IF; RETURN NEW; END $$`,
      );
      await db().$executeRawUnsafe(
        `CREATE TRIGGER test_slow_flush BEFORE INSERT ON api_rate_limits ` +
          `FOR EACH ROW EXECUTE FUNCTION test_slow_flush()`,
      );
      try {
        const flushing = flushRateLimitCounts();
        clockOffset = endedMinute + 60_500 - Date.now();
        const principal: Principal = {
          user: users.staff.user as Principal["user"],
          via: "bearer",
          sessionId: "minute-change-in-flight",
          settings: { apiRateLimit: 10, enableApiLogging: false },
        };
        const first = await enforceRateLimit({
          req: new NextRequest(new URL("/api/auth/profile", "http://localhost:3000")),
          principal,
          track: { settings: null } as unknown as RequestTrack,
        }).then(
          () => "allowed",
          (error: AppError) => error.code,
        );
        await flushing;
        expect(first).toBe("rate_limited");
      } finally {
        await db().$executeRawUnsafe(`DROP TRIGGER test_slow_flush ON api_rate_limits`);
        await db().$executeRawUnsafe(`DROP FUNCTION test_slow_flush()`);
      }
    },
  );

  it("counts per user, over all of that user's sessions, and not other users' requests", async () => {
    await setLimit(10);
    startFreshMinute();
    const second = await createSession({ userId: users.staff.user.id, kind: "bearer" });
    expect(await callTimes(5, () => profile(users.staff.token))).toEqual(Array(5).fill(200));
    expect(await callTimes(5, () => profile(second.token!))).toEqual(Array(5).fill(200));
    expect((await profile(second.token!)).status).toBe(429);
    expect((await profile(users.staff.token)).status).toBe(429);
    expect((await profile(users.admin.token)).status).toBe(200);
  });

  it(
    "before sign-in, counts per client address (without the " + "start script: the last X-Forwarded-For entry)",
    async () => {
      await setLimit(10);
      startFreshMinute();
      expect(await callTimes(10, () => fromAddress("198.51.100.7, 203.0.113.5"))).toEqual(Array(10).fill(401));
      expect((await fromAddress("203.0.113.5")).status).toBe(429);
      expect((await fromAddress("203.0.113.6")).status).toBe(401);
    },
  );

  it("never limits /api/health or /api/health/live", async () => {
    await setLimit(10);
    const health = () => callRoute(healthRoute, { path: "/api/health", headers: { "x-forwarded-for": "203.0.113.9" } });
    const live = () =>
      callRoute(liveRoute, { path: "/api/health/live", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(await callTimes(15, health)).toEqual(Array(15).fill(200));
    expect(await callTimes(15, live)).toEqual(Array(15).fill(200));
  });

  it("a change takes effect on the next request", async () => {
    startFreshMinute();
    expect(await callTimes(12, () => profile(users.staff.token))).toEqual(Array(12).fill(200));
    await setLimit(10);
    expect((await profile(users.staff.token)).status).toBe(429);
    await setLimit(20);
    expect((await profile(users.staff.token)).status).toBe(200);
  });

  it("counts every request of a burst exactly once when they arrive together", async () => {
    await setLimit(10);
    startFreshMinute();
    const statuses = (await Promise.all(Array.from({ length: 25 }, () => profile(users.staff.token)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // The shared table learns this instance's count at its next flush (every second).
    await flushRateLimitCounts();
    const [row] = await db().$queryRaw<
      { count: number }[]
    >`SELECT count FROM api_rate_limits WHERE key = ${`user:${users.staff.user.id}`}`;
    expect(row.count).toBe(25);
  });

  it("adds this instance's count to the shared table within a second, without being asked", async () => {
    await setLimit(10);
    startFreshMinute();
    expect(await callTimes(4, () => profile(users.staff.token))).toEqual(Array(4).fill(200));
    const key = `user:${users.staff.user.id}`;
    const shared = async () =>
      (await db().$queryRaw<{ count: number }[]>`SELECT count FROM api_rate_limits WHERE key = ${key}`)[0]?.count;
    const deadline = Date.now() + 3_000;
    while ((await shared()) !== 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await shared()).toBe(4);
  });

  it("counts what other instances added: their requests in the table come off this instance's allowance", async () => {
    await setLimit(10);
    startFreshMinute();
    expect((await profile(users.staff.token)).status).toBe(200);
    // Another instance served 8 of this user's requests this minute and flushed them.
    await db().$executeRaw`UPDATE api_rate_limits SET count = count + 8 WHERE key = ${`user:${users.staff.user.id}`}`;
    // This instance's flush adds its 1 and learns the total: 9.
    await flushRateLimitCounts();
    expect((await profile(users.staff.token)).status).toBe(200); // the 10th
    expect((await profile(users.staff.token)).status).toBe(429);
  });
});

describe("the pre-sign-in limit (issue 25 item 2) and the sliding window (item 11)", () => {
  /** As under scripts/start.mjs: the socket's address in the one header the app believes. */
  const fromSocket = (address: string, extra: Record<string, string> = {}) =>
    callRoute(verifyTokenRoute, {
      method: "POST",
      path: "/api/auth/verify-token",
      body: {},
      headers: { [CLIENT_ADDRESS_HEADER]: address, ...extra },
    });
  beforeEach(() => {
    process.env[CLIENT_ADDRESS_ENV] = "1";
    return () => {
      delete process.env[CLIENT_ADDRESS_ENV];
    };
  });

  it("150 requests with 150 forged X-Forwarded-For from one socket are one key: 50 refused, one row", async () => {
    startFreshMinute();
    const statuses = await callTimes(150, () => {
      const forged = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      return fromSocket("203.0.113.50", { "x-forwarded-for": forged, "x-real-ip": forged, forwarded: `for=${forged}` });
    });
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    await flushRateLimitCounts();
    const rows = await db().$queryRaw<{ key: string }[]>`SELECT key FROM api_rate_limits WHERE key LIKE 'ip:%'`;
    expect(rows.map((r) => r.key)).toEqual(["ip:203.0.113.50"]);
  });

  it("a request with a bad Bearer token is counted against its address", async () => {
    await setLimit(10);
    startFreshMinute();
    const badToken = () =>
      callRoute(profileRoute, {
        path: "/api/auth/profile",
        token: "x".repeat(43),
        headers: { [CLIENT_ADDRESS_HEADER]: "203.0.113.51" },
      });
    expect(await callTimes(10, badToken)).toEqual(Array(10).fill(401));
    expect((await badToken()).status).toBe(429);
  });

  it("IPv6 callers are counted per /64", async () => {
    await setLimit(10);
    startFreshMinute();
    const statuses = await callTimes(11, () =>
      fromSocket(`2001:db8:5:6:${Math.floor(Math.random() * 65535).toString(16)}::1`),
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it("200 requests straddling a minute boundary get at least 100 × 429", { tags: ["sql"] }, async () => {
    const boundary = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    let now = boundary - 500;
    resetRateLimiter(() => now);
    const before = await callTimes(100, () => fromSocket("203.0.113.52"));
    expect(before).toEqual(Array(100).fill(401));
    now = boundary + 500;
    const after = await callTimes(100, () => fromSocket("203.0.113.52"));
    expect(after.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100);
    const refused = await fromSocket("203.0.113.52");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(1);
    expect(retryAfter).toBeLessThanOrEqual(120);
  });

  it("another instance's count of the minute before weighs too", async () => {
    await setLimit(10);
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    // Another instance counted 10 for this address in the last second of the minute before.
    await db().$executeRaw`INSERT INTO api_rate_limits (key, window_start, count) VALUES ('ip:203.0.113.53',
        to_timestamp(${(start - 60_000) / 1000}), 10)`;
    resetRateLimiter(() => start + 1_000);
    expect((await fromSocket("203.0.113.53")).status).toBe(429);
  });

  it("the table is swept: rows past the window go, and address rows are capped", async () => {
    await db().$executeRawUnsafe(
      `INSERT INTO api_rate_limits (key, window_start, count)
       SELECT 'ip:10.' || (i / 65536) || '.' || ((i / 256) % 256) || '.' || (i % 256), now() - (i % 100) * interval ` +
        `'1 second', 1
       FROM generate_series(1, ${MAX_ADDRESS_KEYS + 500}) AS i`,
    );
    await db().$executeRaw`INSERT INTO api_rate_limits (key, window_start, count) VALUES ('ip:old', now() - interval
        '3 minutes', 1), ('user:old', now() - interval '3 minutes', 1)`;
    await sweepRateLimitTable();
    const [{ n }] = await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM api_rate_limits`;
    expect(n).toBe(MAX_ADDRESS_KEYS);
    const old = await db().$queryRaw<{ key: string }[]>`SELECT key FROM api_rate_limits WHERE key LIKE '%old'`;
    expect(old).toEqual([]);
  });

  it(
    "over a real socket, as scripts/start.mjs serves: forged headers " +
      "are ignored unless the socket is a trusted proxy",
    async () => {
      await setLimit(10);
      startFreshMinute();
      const serve = async (trusted: string) => {
        const server = http.createServer(async (req, res) => {
          stampClientAddress(req, parseTrustedProxies(trusted));
          const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])) as [
            string,
            string,
          ][];
          const request = new NextRequest(new URL(req.url ?? "/", "http://localhost:3000"), {
            method: "POST",
            headers,
            body: "{}",
          });
          const response = await verifyTokenRoute(request, { params: Promise.resolve({}) });
          res.writeHead(response.status).end();
        });
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/auth/verify-token` };
      };
      const untrusted = await serve("");
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await fetch(untrusted.url, {
          method: "POST",
          headers: { "x-forwarded-for": `198.51.100.${i}`, "x-raffle-client-address": `198.51.100.${i}` },
        });
        statuses.push(res.status);
      }
      untrusted.server.close();
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      // Behind a trusted proxy (here: loopback), the right-most untrusted hop is the caller.
      const proxied = await serve("127.0.0.1");
      const viaProxy = await fetch(proxied.url, {
        method: "POST",
        headers: { "x-forwarded-for": "203.0.113.44, 198.51.100.200" },
      });
      proxied.server.close();
      expect(viaProxy.status).toBe(401);
      await flushRateLimitCounts();
      const keys = (
        await db().$queryRaw<{ key: string }[]>`SELECT key FROM api_rate_limits WHERE key LIKE 'ip:%' ORDER BY key`
      ).map((r) => r.key);
      expect(keys).toEqual(["ip:127.0.0.1", "ip:198.51.100.200"]);
    },
  );
});
