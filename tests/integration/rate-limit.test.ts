// The api_rate_limit setting: requests a minute per signed-in user (per client address before
// sign-in), counted per instance and added to the shared table every second so every instance
// shares the count; past it, 429 `rate_limited` with Retry-After; the health probes exempt.
import { beforeEach, describe, expect, it } from "vitest";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { POST as verifyTokenRoute } from "@/app/api/auth/verify-token/route";
import { GET as liveRoute } from "@/app/api/health/live/route";
import { GET as healthRoute } from "@/app/api/health/route";
import { PUT as putSettingsRoute } from "@/app/api/settings/route";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { flushRateLimitCounts, resetRateLimiter } from "@/server/http/rate-limit";
import { waitForFreshMinute } from "@/tests/helpers/clock";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff, createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let staff: Awaited<ReturnType<typeof createSignedInUser>>;

beforeEach(async () => {
  await resetDb();
  ({ admin, staff } = await createAdminAndStaff());
});

const profile = (token: string) => callRoute(profileRoute, { path: "/api/auth/profile", token });
const fromAddress = (forwardedFor: string) =>
  callRoute(verifyTokenRoute, { method: "POST", path: "/api/auth/verify-token", body: {}, headers: { "x-forwarded-for": forwardedFor } });
const setLimit = async (n: number) => {
  const res = await callRoute(putSettingsRoute, { method: "PUT", path: "/api/settings", body: { api_rate_limit: n }, token: admin.token });
  expect(res.status).toBe(200);
};

/** What the next minute brings, without waiting for it: this process's clock moves a minute on. */
let clockOffset = 0;
const moveToNextMinute = () => {
  clockOffset += 60_000;
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
  it("at the default 100: the 101st request in a minute answers 429 with Retry-After, and the minute after answers 200", async () => {
    await waitForFreshMinute();
    expect(await callTimes(100, () => profile(staff.token))).toEqual(Array(100).fill(200));
    const refused = await profile(staff.token);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json).toEqual({
      success: false,
      code: "rate_limited",
      message: `Too many requests: the limit is 100 a minute. Try again in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`,
    });
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    moveToNextMinute();
    expect((await profile(staff.token)).status).toBe(200);
  });

  it("counts per user, over all of that user's sessions, and not other users' requests", async () => {
    await setLimit(10);
    await waitForFreshMinute();
    const second = await createSession({ userId: staff.user.id, kind: "bearer" });
    expect(await callTimes(5, () => profile(staff.token))).toEqual(Array(5).fill(200));
    expect(await callTimes(5, () => profile(second.token!))).toEqual(Array(5).fill(200));
    expect((await profile(second.token!)).status).toBe(429);
    expect((await profile(staff.token)).status).toBe(429);
    expect((await profile(admin.token)).status).toBe(200);
  });

  it("before sign-in, counts per client address (the last X-Forwarded-For entry)", async () => {
    await setLimit(10);
    await waitForFreshMinute();
    expect(await callTimes(10, () => fromAddress("198.51.100.7, 203.0.113.5"))).toEqual(Array(10).fill(401));
    expect((await fromAddress("203.0.113.5")).status).toBe(429);
    expect((await fromAddress("203.0.113.6")).status).toBe(401);
  });

  it("never limits /api/health or /api/health/live", async () => {
    await setLimit(10);
    const health = () => callRoute(healthRoute, { path: "/api/health", headers: { "x-forwarded-for": "203.0.113.9" } });
    const live = () => callRoute(liveRoute, { path: "/api/health/live", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(await callTimes(15, health)).toEqual(Array(15).fill(200));
    expect(await callTimes(15, live)).toEqual(Array(15).fill(200));
  });

  it("a change takes effect on the next request", async () => {
    await waitForFreshMinute();
    expect(await callTimes(12, () => profile(staff.token))).toEqual(Array(12).fill(200));
    await setLimit(10);
    expect((await profile(staff.token)).status).toBe(429);
    await setLimit(20);
    expect((await profile(staff.token)).status).toBe(200);
  });

  it("counts every request of a burst exactly once when they arrive together", async () => {
    await setLimit(10);
    await waitForFreshMinute();
    const statuses = (await Promise.all(Array.from({ length: 25 }, () => profile(staff.token)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // The shared table learns this instance's count at its next flush (every second).
    await flushRateLimitCounts();
    const [row] = await db().$queryRaw<{ count: number }[]>`SELECT count FROM api_rate_limits WHERE key = ${`user:${staff.user.id}`}`;
    expect(row.count).toBe(25);
  });

  it("adds this instance's count to the shared table within a second, without being asked", async () => {
    await setLimit(10);
    await waitForFreshMinute();
    expect(await callTimes(4, () => profile(staff.token))).toEqual(Array(4).fill(200));
    const key = `user:${staff.user.id}`;
    const shared = async () => (await db().$queryRaw<{ count: number }[]>`SELECT count FROM api_rate_limits WHERE key = ${key}`)[0]?.count;
    const deadline = Date.now() + 3_000;
    while ((await shared()) !== 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await shared()).toBe(4);
  });

  it("counts what other instances added: their requests in the table come off this instance's allowance", async () => {
    await setLimit(10);
    await waitForFreshMinute();
    expect((await profile(staff.token)).status).toBe(200);
    // Another instance served 8 of this user's requests this minute and flushed them.
    await db().$executeRaw`UPDATE api_rate_limits SET count = count + 8 WHERE key = ${`user:${staff.user.id}`}`;
    // This instance's flush adds its 1 and learns the total: 9.
    await flushRateLimitCounts();
    expect((await profile(staff.token)).status).toBe(200); // the 10th
    expect((await profile(staff.token)).status).toBe(429);
  });
});
