// @module-tag sql
// Issue 14: with the database gone, every route answers 503 `unavailable` with Retry-After and
// the outage is logged once, not once per request (the database is stopped for good here: the
// file's database is its own).
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as listUsers } from "@/app/api/auth/users/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { GET as getTicket } from "@/app/api/tickets/[id]/route";
import { GET as stats } from "@/app/api/tickets/stats/route";
import { GET as settings } from "@/app/api/settings/route";
import { resetOutageLog } from "@/server/http/db-errors";
import { prepareOutage } from "@/tests/helpers/database-outage";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const UNAVAILABLE = {
  success: false,
  code: "unavailable",
  message: "The database is unavailable. Please try again shortly.",
};

afterEach(() => vi.restoreAllMocks());

describe("the database stopped", () => {
  it("answers 503 with Retry-After on every route, logs once, and health names the reason", async () => {
    const outage = await prepareOutage();
    const { admin, staff } = await createAdminAndStaff();
    await outage.stop();
    resetOutageLog();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const calls = [
      () => callRoute(stats, { path: "/api/tickets/stats", token: admin.token }),
      () => callRoute(listUsers, { path: "/api/auth/users", token: admin.token }),
      () => callRoute(getTicket, { path: "/api/tickets/00001", params: { id: "00001" }, token: staff.token }),
      () =>
        callRoute(generate, {
          method: "POST",
          path: "/api/tickets/generate",
          body: { buyer_name: "Juan Dela Cruz" },
          token: staff.token,
        }),
      () => callRoute(settings, { path: "/api/settings", token: staff.token }),
    ];
    for (let i = 0; i < 20; i++) {
      const res = await calls[i % calls.length]();
      expect(res.status, JSON.stringify(res.json)).toBe(503);
      expect(res.json).toEqual(UNAVAILABLE);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    const outageLines = warn.mock.calls.filter((args) => /database unavailable/.test(String(args[0])));
    expect(outageLines).toHaveLength(1);

    const res = await callRoute(health, { path: "/api/health" });
    expect(res.status).toBe(503);
    expect(res.json.status).toBe("error");
    expect(res.json.database).toMatch(/^unreachable: \S/);
  });
});
