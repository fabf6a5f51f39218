import { describe, expect, it } from "vitest";
import { GET as liveRoute } from "@/app/api/health/live/route";
import { GET } from "@/app/api/health/route";
import { callRoute } from "@/tests/helpers/http";

describe("GET /api/health", () => {
  it("answers 200 with the database ok", async () => {
    const res = await callRoute(GET, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", database: "ok" });
  });
});

describe("GET /api/health/live", () => {
  it("answers 200 {status: ok}, with no API key and whatever credentials are sent", async () => {
    const res = await callRoute(liveRoute, { path: "/api/health/live", headers: { authorization: "Bearer nonsense" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /api/health with the database unreachable", () => {
  it("answers 503 naming the failure", async () => {
    const { resetEnvCache } = await import("@/server/env");
    const saved = { url: process.env.DATABASE_URL, dir: process.env.PGLITE_DIR };
    process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/nowhere";
    resetEnvCache();
    try {
      const res = await callRoute(GET, { path: "/api/health" });
      expect(res.status).toBe(503);
      expect(res.json.status).toBe("error");
      expect(res.json.database).toMatch(/^unreachable: /);
      // Liveness does not ask the database: the process is alive, so it says so.
      const live = await callRoute(liveRoute, { path: "/api/health/live" });
      expect(live.status).toBe(200);
      expect(live.json).toEqual({ status: "ok" });
    } finally {
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.url;
      resetEnvCache();
    }
  });
});
