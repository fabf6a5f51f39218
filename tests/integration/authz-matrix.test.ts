// The authorization matrix: every (method, route) under app/api must have a row in
// tests/authz/*-routes.ts, and every row is called as eight kinds of caller. A new route
// without a row fails here.
import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuthzRow, Expectation, Method } from "@/tests/authz/types";
import { discoverRoutes, exportedMethods, type RouteFile } from "@/tests/helpers/route-files";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";
import { createCookieUser } from "@/tests/helpers/auth";
import { createSignedInUser, createUser } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";

const ROOT = process.cwd();
const WRITES = new Set<Method>(["POST", "PUT", "PATCH", "DELETE"]);
/** Routes that browsers reach without our headers (load balancers, Auth.js redirects). */
const API_KEY_EXEMPT = new Set(["/api/health", "/api/health/live", "/api/auth/[...nextauth]"]);
/**
 * Public answers for buyers and outside checkers (a buyer's phone checking a ticket, the draw's proof): no API key
 * either.
 */
const isApiKeyExempt = (route: string) => API_KEY_EXEMPT.has(route) || route.startsWith("/api/public/");

async function loadRows(): Promise<AuthzRow[]> {
  const dir = path.join(ROOT, "tests", "authz");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith("-routes.ts"))
    .sort();
  const rows: AuthzRow[] = [];
  for (const f of files) {
    const mod = (await import(path.join(dir, f))) as Record<string, unknown>;
    for (const value of Object.values(mod)) if (Array.isArray(value)) rows.push(...(value as AuthzRow[]));
  }
  return rows;
}

/** Route params as Next would give them: `[x]` decoded, `[...x]` as a list. */
function paramsFor(route: string, urlPath: string): Record<string, string | string[]> {
  const routeParts = route.split("/").filter(Boolean);
  const pathParts = urlPath.split("?")[0].split("/").filter(Boolean);
  const params: Record<string, string | string[]> = {};
  routeParts.forEach((part, i) => {
    const rest = /^\[\.\.\.(.+)\]$/.exec(part);
    const one = /^\[(.+)\]$/.exec(part);
    if (rest) params[rest[1]] = pathParts.slice(i).map(decodeURIComponent);
    else if (one) params[one[1]] = decodeURIComponent(pathParts[i]);
  });
  return params;
}

type Handler = Parameters<typeof callRoute>[0];

async function handlerFor(routes: RouteFile[], row: AuthzRow): Promise<Handler> {
  const file = routes.find((r) => r.route === row.route)!.file;
  const mod = (await import(file)) as Record<string, Handler>;
  return mod[row.method];
}

const CALLERS = [
  "none",
  "malformed",
  "unlisted",
  "disabled",
  "userBearer",
  "adminBearer",
  "userCookie",
  "adminCookie",
] as const;
type Caller = (typeof CALLERS)[number];

const EXPECTED: Record<AuthzRow["access"], Expectation[] | null> = {
  public: null, // never 401 or 403
  user: [401, 401, 401, 401, "ok", "ok", "ok", "ok"],
  admin: [401, 401, 401, 401, 403, "ok", 403, "ok"],
};

let regularUser: Awaited<ReturnType<typeof createUser>>;
let adminUser: Awaited<ReturnType<typeof createUser>>;
let disabledUser: Awaited<ReturnType<typeof createUser>>;

/** Fresh credentials for every call: sign-out rows revoke what they are given. */
async function headersFor(caller: Caller, method: Method): Promise<Record<string, string>> {
  const bearer = async (userId: string) => `Bearer ${(await createSession({ userId, kind: "bearer" })).token}`;
  const cookie = async (user: { id: string; email: string }) => {
    const { sessionCookie } = await import("@/tests/helpers/auth");
    const { sessionId } = await createSession({ userId: user.id, kind: "cookie" });
    const headers: Record<string, string> = {
      cookie: await sessionCookie({ sessionId, userId: user.id, email: user.email }),
    };
    if (WRITES.has(method)) headers.origin = TEST_ORIGIN;
    return headers;
  };
  switch (caller) {
    case "none":
      return {};
    case "malformed":
      return { authorization: "Bearer x" };
    case "unlisted": {
      const { user, token } = await createSignedInUser();
      await db().user.delete({ where: { id: user.id } });
      return { authorization: `Bearer ${token}` };
    }
    case "disabled":
      return { authorization: await bearer(disabledUser.id) };
    case "userBearer":
      return { authorization: await bearer(regularUser.id) };
    case "adminBearer":
      return { authorization: await bearer(adminUser.id) };
    case "userCookie":
      return cookie(regularUser);
    case "adminCookie":
      return cookie(adminUser);
  }
}

/** 401/403 as they are; a 429 or a 5xx is never "got past authorization" (it fails the row). */
function outcome(status: number): Expectation | number {
  if (status === 429 || status >= 500) return status;
  return status === 401 || status === 403 ? status : "ok";
}

const routes = discoverRoutes();
const rows = await loadRows();

beforeAll(async () => {
  // Every row calls as the same few users: lift api_rate_limit so a long matrix never meets a 429
  // (which would read as "got past authorization"). The limit has its own tests (rate-limit.test.ts).
  await db().settings.update({ where: { id: 1 }, data: { apiRateLimit: 1_000_000 } });
  regularUser = await createUser({ email: "matrix-user@example.com" });
  adminUser = await createUser({ email: "matrix-admin@example.com", isAdmin: true });
  // A second admin, so no admin row ever trips the last-admin rule by accident.
  await createUser({ email: "matrix-admin2@example.com", isAdmin: true });
  disabledUser = await createUser({ email: "matrix-disabled@example.com", isDisabled: true });
});

describe("the route inventory", () => {
  it("finds the routes and their methods", () => {
    const health = routes.find((r) => r.route === "/api/health");
    expect(health?.methods).toEqual(["GET"]);
    expect(routes.find((r) => r.route === "/api/auth/[...nextauth]")?.methods).toEqual(["GET", "POST"]);
  });

  it("reads every export style", () => {
    expect(exportedMethods("export const GET = apiRoute(...)")).toEqual(["GET"]);
    expect(exportedMethods("export const { GET, POST } = handlers;")).toEqual(["GET", "POST"]);
    expect(exportedMethods("export { handler as PUT, DELETE };")).toEqual(["PUT", "DELETE"]);
    expect(exportedMethods("export async function PATCH(req) {}")).toEqual(["PATCH"]);
  });

  it("has exactly one row for every exported method of every route, and no stale rows", () => {
    const exported = routes.flatMap((r) => r.methods.map((m) => `${m} ${r.route}`)).sort();
    const covered = rows.map((r) => `${r.method} ${r.route}`).sort();
    expect(
      exported.filter((key) => !covered.includes(key)),
      "routes without a row in tests/authz/*-routes.ts",
    ).toEqual([]);
    expect(
      covered.filter((key) => !exported.includes(key)),
      "rows for routes that do not exist",
    ).toEqual([]);
    expect(
      covered.filter((key, i) => covered.indexOf(key) !== i),
      "duplicate rows",
    ).toEqual([]);
  });
});

describe("every route as every caller", () => {
  for (const row of rows) {
    it(`${row.method} ${row.path ?? row.route} (${row.access})`, async () => {
      const handler = await handlerFor(routes, row);
      const urlPath = row.path ?? row.route;
      const got: (Expectation | number)[] = [];
      for (const caller of CALLERS) {
        const res = await callRoute(handler, {
          method: row.method,
          path: urlPath,
          body: row.body,
          headers: await headersFor(caller, row.method),
          params: paramsFor(row.route, urlPath),
        });
        got.push(outcome(res.status));
        if (res.status === 401 || res.status === 403) {
          expect(res.headers.get("location"), "/api never redirects an unauthorized call").toBeNull();
          expect(res.json).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
        }
      }
      const expected = EXPECTED[row.access];
      if (expected) expect(got).toEqual(expected);
      else
        expect(
          got.filter((s) => s !== "ok"),
          "a public route answered 401/403",
        ).toEqual([]);
    });
  }
});

describe("cookie-authenticated writes must come from the app's own origin", () => {
  const writeRows = rows.filter((r) => WRITES.has(r.method) && r.access !== "public");

  it("has write routes to check", () => {
    expect(writeRows.length).toBeGreaterThan(0);
  });

  for (const row of writeRows) {
    it(`${row.method} ${row.route}: no Origin, Origin null or another origin is 403; Bearer needs none`, async () => {
      const handler = await handlerFor(routes, row);
      const urlPath = row.path ?? row.route;
      const call = (headers: Record<string, string>) =>
        callRoute(handler, {
          method: row.method,
          path: urlPath,
          body: row.body,
          headers,
          params: paramsFor(row.route, urlPath),
        });
      for (const origin of [undefined, "null", "https://evil.example.com"]) {
        const { cookie } = await createCookieUser({ isAdmin: true });
        const res = await call(origin === undefined ? { cookie } : { cookie, origin });
        expect(res.status).toBe(403);
        expect(res.json.code).toBe("bad_origin");
      }
      const bearer = await createSignedInUser({ isAdmin: true });
      const res = await call({ authorization: `Bearer ${bearer.token}` });
      expect(outcome(res.status)).toBe("ok");
    });
  }
});

describe("DASHBOARD_API_KEY", () => {
  it("when set, refuses every non-exempt route without the matching X-Dashboard-API-Key header", async () => {
    process.env.DASHBOARD_API_KEY = "matrix-api-key";
    resetEnvCache();
    try {
      for (const row of rows) {
        const handler = await handlerFor(routes, row);
        const urlPath = row.path ?? row.route;
        const params = paramsFor(row.route, urlPath);
        const admin = await createSignedInUser({ isAdmin: true });
        const call = (extra: Record<string, string>) =>
          callRoute(handler, {
            method: row.method,
            path: urlPath,
            body: row.body,
            params,
            headers: { authorization: `Bearer ${admin.token}`, ...extra },
          });
        const missing = await call({});
        const wrong = await call({ "x-dashboard-api-key": "wrong" });
        const right = await call({ "x-dashboard-api-key": "matrix-api-key" });
        const label = `${row.method} ${row.route}`;
        if (isApiKeyExempt(row.route)) {
          expect(outcome(missing.status), label).toBe("ok");
        } else {
          expect([missing.status, missing.json.code], label).toEqual([401, "invalid_api_key"]);
          expect([wrong.status, wrong.json.code], label).toEqual([401, "invalid_api_key"]);
        }
        expect(outcome(right.status), label).toBe("ok");
      }
    } finally {
      delete process.env.DASHBOARD_API_KEY;
      resetEnvCache();
    }
  });
});
