import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/route";
import { callRoute } from "@/tests/helpers/http";

describe("GET /api/health", () => {
  it("answers 200 with the database ok", async () => {
    const res = await callRoute(GET, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", database: "ok" });
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
    } finally {
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.url;
      resetEnvCache();
    }
  });
});
