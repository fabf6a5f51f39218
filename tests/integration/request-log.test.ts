// The enable_api_logging setting: one JSON line per API request (pino) with time, request id,
// method, route pattern, status, duration and user id; never a token, cookie, password or body.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GET as profileByEmailRoute } from "@/app/api/auth/profile/[email]/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { GET as healthRoute } from "@/app/api/health/route";
import { PUT as putSettingsRoute } from "@/app/api/settings/route";
import { POST as generateRoute } from "@/app/api/tickets/generate/route";
import { resetEnvCache } from "@/server/env";
import { routePattern, setApiLogDestination } from "@/server/http/request-log";
import { createCookieUser } from "@/tests/helpers/auth";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let lines: string[];

const users = freshAdminAndStaff();
beforeEach(async () => {
  lines = [];
  setApiLogDestination({ write: (line: string) => void lines.push(line) });
});

afterEach(() => {
  setApiLogDestination({ write: () => {} });
});

const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe("enable_api_logging on (the default)", () => {
  it("writes exactly one JSON line per request with the agreed fields", async () => {
    const res = await callRoute(profileRoute, { path: "/api/auth/profile", token: users.staff.token });
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith("\n")).toBe(true);
    const [entry] = entries();
    expect(entry).toMatchObject({
      level: 30,
      msg: "api request",
      method: "GET",
      route: "/api/auth/profile",
      status: 200,
      userId: users.staff.user.id,
    });
    expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
    expect(entry.durationMs).toEqual(expect.any(Number));
    expect(Object.keys(entry).sort()).toEqual([
      "durationMs",
      "hostname",
      "level",
      "method",
      "msg",
      "pid",
      "requestId",
      "route",
      "status",
      "time",
      "userId",
    ]);
  });

  it(
    "logs the route pattern, never the values in the path, and " + "carries no token, cookie, password or body",
    async () => {
      const cookieAdmin = await createCookieUser({ isAdmin: true });
      const password = "hunter2-secret-password";
      await callRoute(profileByEmailRoute, {
        path: `/api/auth/profile/${encodeURIComponent("staff@example.com")}`,
        params: { email: "staff@example.com" },
        headers: { cookie: cookieAdmin.cookie },
      });
      await callRoute(generateRoute, {
        method: "POST",
        path: "/api/tickets/generate",
        token: users.staff.token,
        body: { buyer_name: "Secret Buyer Name", phone_number: "09171234567", payment_method: "cash", password },
      });
      await callRoute(profileRoute, {
        path: "/api/auth/profile?token=query-secret",
        headers: { authorization: "Bearer not-a-real-token" },
      });
      expect(entries().map((e) => [e.method, e.route, e.status, e.userId])).toEqual([
        ["GET", "/api/auth/profile/[email]", 200, cookieAdmin.user.id],
        ["POST", "/api/tickets/generate", 201, users.staff.user.id],
        ["GET", "/api/auth/profile", 401, null],
      ]);
      const text = lines.join("");
      for (const secret of [
        users.staff.token,
        cookieAdmin.cookie.split("=")[1],
        "not-a-real-token",
        "query-secret",
        password,
        "Secret Buyer Name",
        "staff@example.com",
        "09171234567",
      ]) {
        expect(text).not.toContain(secret);
      }
    },
  );

  it("logs requests answered before the caller is known: a wrong API key, the health probe", async () => {
    process.env.DASHBOARD_API_KEY = "the-right-key";
    resetEnvCache();
    try {
      const res = await callRoute(profileRoute, {
        path: "/api/auth/profile",
        token: users.staff.token,
        headers: { "x-dashboard-api-key": "wrong" },
      });
      expect(res.status).toBe(401);
    } finally {
      delete process.env.DASHBOARD_API_KEY;
      resetEnvCache();
    }
    await callRoute(healthRoute, { path: "/api/health" });
    expect(entries().map((e) => [e.route, e.status])).toEqual([
      ["/api/auth/profile", 401],
      ["/api/health", 200],
    ]);
  });
});

describe("enable_api_logging off", () => {
  it("writes nothing from the next request on, and writes again once it is back on", async () => {
    const put = (on: boolean) =>
      callRoute(putSettingsRoute, {
        method: "PUT",
        path: "/api/settings",
        body: { enable_api_logging: on },
        token: users.admin.token,
      });
    expect((await put(false)).status).toBe(200);
    expect(lines).toHaveLength(1); // the PUT itself started while logging was on
    lines.length = 0;
    await callRoute(profileRoute, { path: "/api/auth/profile", token: users.staff.token });
    await callRoute(healthRoute, { path: "/api/health" });
    expect(lines).toEqual([]);
    await put(true);
    await callRoute(profileRoute, { path: "/api/auth/profile", token: users.staff.token });
    // Each request follows the setting as it read it when it arrived: the PUT turning it on did not log.
    expect(entries().map((e) => e.route)).toEqual(["/api/auth/profile"]);
  });
});

describe("routePattern", () => {
  it("puts the parameter names back in place of their values", () => {
    expect(routePattern("/api/tickets/00001", { id: "00001" })).toBe("/api/tickets/[id]");
    expect(routePattern("/api/auth/profile/a%40b.com", { email: "a@b.com" })).toBe("/api/auth/profile/[email]");
    expect(routePattern("/api/tickets/search/search", { term: "search" })).toBe("/api/tickets/search/[term]");
    expect(routePattern("/api/auth/callback/google", { nextauth: ["callback", "google"] })).toBe(
      "/api/auth/[...nextauth]",
    );
    expect(routePattern("/api/health", {})).toBe("/api/health");
  });
});
