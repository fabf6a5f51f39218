// The raffle's public URL (issue 38 item 1, docs/decisions/201): one setting, PUBLIC_BASE_URL, else
// AUTH_URL, else the request's own address, carried by the stubs' QR codes (read back with pdftoppm
// and zbarimg) and verify text, the Commitment Notice, and reported with its warning on
// GET /api/raffle/state and GET /api/print/jobs. A "second machine's" address is a loopback alias
// (127.0.0.2): nothing here connects to it, or to any non-loopback address.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { GET as commitmentPdfRoute } from "@/app/api/draws/[id]/commitment.pdf/route";
import { GET as printJobsRoute } from "@/app/api/print/jobs/route";
import { POST as printRoute } from "@/app/api/print/stubs/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { GET as stateRoute } from "@/app/api/raffle/state/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { db } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";
import { callRoute } from "@/tests/helpers/http";

const ALIAS = "http://127.0.0.2:4900";
let admin: Awaited<ReturnType<typeof createAdminAndStaff>>["admin"];
const dir = mkdtempSync(path.join(tmpdir(), "public-url-"));
const saved = { PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL, AUTH_URL: process.env.AUTH_URL };

function useEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

beforeAll(async () => {
  await resetDb();
  ({ admin } = await createAdminAndStaff());
  const made = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange: 1, endRange: 2, userId: "x" },
    token: admin.token,
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
});
afterEach(() => useEnv(saved));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A request as a browser at `origin` sends it (its Host header is what the server falls back to). */
function request(urlPath: string, origin: string, init: { method?: string; body?: unknown } = {}) {
  const headers = new Headers({ host: new URL(origin).host, authorization: `Bearer ${admin.token}` });
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return new NextRequest(new URL(urlPath, origin), {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function printStubsPdf(origin: string) {
  const res = await printRoute(
    request("/api/print/stubs", origin, {
      method: "POST",
      body: { from: "00001", to: 1, paper: "a4", layout: "5-up", order: "sequential", calibration: false },
    }),
    { params: Promise.resolve({}) },
  );
  expect(res.status).toBe(200);
  const file = path.join(dir, `stubs-${Date.now()}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString().replace(/\s+/g, " ");
  execFileSync("pdftoppm", ["-r", "300", "-gray", "-png", file, `${file}-r`]);
  const codes = readdirSync(dir)
    .filter((f) => f.startsWith(`${path.basename(file)}-r`))
    .flatMap((f) =>
      execFileSync("zbarimg", ["-q", "--raw", "-Sdisable", "-Sqrcode.enable", path.join(dir, f)])
        .toString()
        .split("\n")
        .filter(Boolean),
    );
  return { text, verifyUrls: codes.filter((c) => c.toUpperCase().startsWith("HTTP")) };
}

async function stateOf(origin: string) {
  const res = await stateRoute(request("/api/raffle/state", origin), { params: Promise.resolve({}) });
  return (await res.json()).publicUrl;
}

describe("the public URL", () => {
  it(
    "is PUBLIC_BASE_URL in the stub's QR code and verify text, " + "whatever address the printing browser used",
    async () => {
      useEnv({ PUBLIC_BASE_URL: `${ALIAS}/`, AUTH_URL: "http://127.0.0.1:3000" });
      const { text, verifyUrls } = await printStubsPdf("http://0.0.0.0:3300");
      expect(verifyUrls).toHaveLength(1);
      const qr = new URL(verifyUrls[0]);
      expect(qr.host).toBe("127.0.0.2:4900");
      expect(qr.pathname).toMatch(/^\/V\/[0-9A-Z]+$/);
      expect(text).toContain("enter the verify code at 127.0.0.2:4900/verify");
      expect(text).not.toContain("0.0.0.0");
      // Reported with its warning: a loopback alias is not an address a phone can open.
      const view = await stateOf("http://0.0.0.0:3300");
      expect(view).toEqual({
        url: ALIAS,
        configured: true,
        problem: "loopback",
        warning:
          `QR codes and public links will point to ${ALIAS}: it is a loopback address, which only this ` +
          `computer can open. Set PUBLIC_BASE_URL to the address buyers' phones use before printing.`,
      });
      const jobs = await printJobsRoute(request("/api/print/jobs", ALIAS), { params: Promise.resolve({}) });
      expect((await jobs.json()).publicUrl).toEqual(view);
    },
  );

  it("is AUTH_URL when PUBLIC_BASE_URL is unset, and a reachable address carries no warning", async () => {
    useEnv({ PUBLIC_BASE_URL: undefined, AUTH_URL: "https://raffle.example.ph" });
    expect(await stateOf("http://127.0.0.1:3000")).toEqual({
      url: "https://raffle.example.ph",
      configured: true,
      problem: null,
      warning: null,
    });
  });

  it("falls back to the address the browser used when neither is set, and says so, naming it", async () => {
    useEnv({ PUBLIC_BASE_URL: undefined, AUTH_URL: undefined });
    const unspecified = await stateOf("http://0.0.0.0:3300");
    expect(unspecified).toMatchObject({ url: "http://0.0.0.0:3300", configured: false, problem: "unspecified" });
    expect(unspecified.warning).toContain("will point to http://0.0.0.0:3300: it is an unspecified address (0.0.0.0)");
    const { verifyUrls } = await printStubsPdf("http://127.0.0.2:4901");
    expect(new URL(verifyUrls[0]).host).toBe("127.0.0.2:4901");
  });

  it(
    "comes with the light state the write screens ask for " + "(?checklist=0), which skips Close sales' checklist",
    async () => {
      useEnv({ PUBLIC_BASE_URL: ALIAS });
      // One GCash payment claimed, no statement covering its day yet: an open item of Close sales' checklist.
      await db().$executeRaw`
      WITH p AS (INSERT INTO payments (method, amount_expected, reference) VALUES ('gcash', 50, '1001000000050')
      RETURNING id)
      INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, payment_method, amount,
      creator_email, registered_at, payment_id)
      SELECT gen_random_uuid(), 'B2K-123-00050', 50, 'Buyer 50 Santos', '9171234567', 'gcash', 50, 'staff@example.com',
      now(), p.id FROM p`;
      const full = await (
        await stateRoute(request("/api/raffle/state", ALIAS), { params: Promise.resolve({}) })
      ).json();
      expect(full.state.checklist.map((c: { item: string }) => c.item)).toContain("awaiting_statement");
      const light = await (
        await stateRoute(request("/api/raffle/state?checklist=0", ALIAS), { params: Promise.resolve({}) })
      ).json();
      expect(light).toMatchObject({
        success: true,
        state: { status: "selling", checklist: [] },
        publicUrl: { url: ALIAS },
      });
      const bad = await stateRoute(request("/api/raffle/state?checklist=2", ALIAS), { params: Promise.resolve({}) });
      expect(bad.status).toBe(400);
      await db().$executeRaw`DELETE FROM tickets WHERE ticket_number = 50`;
      await db().$executeRaw`DELETE FROM payments WHERE reference = '1001000000050'`;
    },
  );

  it("is the public proof's address on the Commitment Notice", async () => {
    useEnv({ PUBLIC_BASE_URL: ALIAS });
    const post = (handler: Parameters<typeof callRoute>[0], p: string, body: unknown) =>
      callRoute(handler, { method: "POST", path: p, body, token: admin.token });
    expect(
      (await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 0 })).status,
    ).toBe(201);
    await createSoldTickets(3, 10);
    const closed = await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] });
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    const committed = await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } });
    expect(committed.status, JSON.stringify(committed.json)).toBe(201);
    const id = committed.json.id as string;
    const res = await commitmentPdfRoute(request(`/api/draws/${id}/commitment.pdf`, "http://0.0.0.0:3300"), {
      params: Promise.resolve({ id }),
    });
    expect(res.status).toBe(200);
    const file = path.join(dir, "notice.pdf");
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString().replace(/\s+/g, "");
    expect(text).toContain(`${ALIAS}/draw/${id}`.replace(/\s+/g, ""));
    expect(text).not.toContain("0.0.0.0");
  });
});
