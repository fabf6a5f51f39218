// Issue 22: the public "check my ticket" answers (/v/{token}, /verify, GET /api/public/verify/{token})
// against a real database: what they say for each status, what they never say, the identical 404
// for every refused token, 410 for a replaced code, their headers, no cookie, and the limits.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PUT as register } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as voidTicket } from "@/app/api/tickets/[id]/void/route";
import { POST as replaceQr } from "@/app/api/tickets/[id]/qr/replace/route";
import { GET as verifyJson } from "@/app/api/public/verify/[token]/route";
import { GET as verifyPage } from "@/app/v/[token]/route";
import { GET as verifyForm } from "@/app/verify/route";
import { verifyResponseSchema } from "@/lib/schemas/stubs";
import { db } from "@/server/db/client";
import {
  resetVerifyRateLimit,
  takeVerifyRequest,
  VERIFY_BUSY_OVERALL,
  VERIFY_CEILING_OVERALL,
  VERIFY_LIGHT_PER_ADDRESS,
  VERIFY_LIMIT_PER_ADDRESS,
} from "@/server/public/verify-rate-limit";
import { verifyKeys } from "@/server/stubs/verify-keys";
import { makeManualCode, makeVerifyToken } from "@/server/stubs/verify-token";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let admin: Awaited<ReturnType<typeof createAdminAndStaff>>["admin"];
let tickets: { id: string; control_number: string; ticket_number: number }[];
let key: Buffer;
const token = (ticketNumber: number, qrVersion = 1) => makeVerifyToken(key, { ticketNumber, qrVersion });

beforeAll(async () => {
  await resetDb();
  let staff;
  ({ admin, staff } = await createAdminAndStaff());
  await db().settings.update({ where: { id: 1 }, data: { siteName: "Batch 2000 Raffle", drawAt: "2026-12-20T15:00" } });
  const made = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange: 1, endRange: 4, userId: "x" },
    token: admin.token,
  });
  tickets = made.json.tickets;
  const sold = await callRoute(register, {
    method: "PUT",
    path: `/api/tickets/register/${tickets[0].control_number}`,
    params: { controlNumber: tickets[0].control_number },
    body: {
      buyerName: "Juan Dela Cruz",
      phoneNumber: "09171234567",
      email: "juan@example.com",
      address: "12 Mabini St, Peñaflor",
    },
    token: staff.token,
  });
  expect(sold.status, JSON.stringify(sold.json)).toBe(200);
  await callRoute(voidTicket, {
    method: "POST",
    path: `/api/tickets/${tickets[2].id}/void`,
    params: { id: tickets[2].id },
    body: { reason: "lost_stub" },
    token: admin.token,
  });
  key = (await verifyKeys())["1"];
});

beforeEach(() => resetVerifyRateLimit());
afterEach(() => resetVerifyRateLimit());

const json = (t: string, headers?: Record<string, string>) =>
  callRoute(verifyJson, { path: `/api/public/verify/${t}`, params: { token: t }, headers });
const page = (t: string, headers?: Record<string, string>) =>
  callRoute(verifyPage, { path: `/v/${t}`, params: { token: t }, headers });
const form = (query: string, headers?: Record<string, string>) =>
  callRoute(verifyForm, { path: `/verify${query}`, headers });

function expectPublicHeaders(headers: Headers) {
  expect(headers.get("set-cookie")).toBeNull();
  expect(headers.get("cache-control")).toBe("no-store");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("x-robots-tag")).toBe("noindex");
  expect(headers.get("content-security-policy")).toContain("script-src 'none'");
}

describe("a ticket's verify code", () => {
  it("answers a sold ticket with the raffle, the status in words and the masked buyer, and nothing else", async () => {
    const res = await json(token(1));
    expect(res.status).toBe(200);
    expectPublicHeaders(res.headers);
    const body = verifyResponseSchema.parse(res.json);
    expect(body).toEqual({
      success: true,
      raffle: { name: "Batch 2000 Raffle", drawDate: "2026-12-20T07:00:00.000Z" },
      ticket: {
        controlNumber: tickets[0].control_number,
        status: "registered",
        statusText: "Registered: in the draw",
        maskedName: "J*** D*** C***",
        registeredAt: expect.any(String),
      },
    });
    // The key set is fixed (a snapshot); no contact detail appears anywhere in the text.
    expect(Object.keys(res.json).sort()).toEqual(["raffle", "success", "ticket"]);
    expect(Object.keys(res.json.ticket).sort()).toEqual([
      "controlNumber",
      "maskedName",
      "registeredAt",
      "status",
      "statusText",
    ]);
    const text = JSON.stringify(res.json);
    for (const secret of ["0917", "juan@example.com", "Mabini", "Juan", "staff@example.com"])
      expect(text).not.toContain(secret);

    const html = await page(token(1));
    expect(html.status).toBe(200);
    expectPublicHeaders(html.headers);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.json).toContain("Registered: in the draw");
    expect(html.json).toContain("J*** D*** C***");
    expect(html.json).toContain(tickets[0].control_number);
    expect(html.json).not.toMatch(/<script/i);
    for (const secret of ["0917", "juan@example.com", "Mabini", "Juan D"]) expect(html.json).not.toContain(secret);
    // Lower case (a phone may lower-case the URL) reads the same.
    expect((await page(token(1).toLowerCase())).status).toBe(200);
  });

  it("says 'Not yet sold' and 'Void: not in the draw'", async () => {
    expect((await json(token(2))).json.ticket).toMatchObject({
      status: "not_sold",
      statusText: "Not yet sold",
      maskedName: null,
      registeredAt: null,
    });
    expect((await json(token(3))).json.ticket).toMatchObject({ status: "void", statusText: "Void: not in the draw" });
    expect((await page(token(3))).json).toContain("Void: not in the draw");
  });

  it("refuses forged, altered, truncated and unknown tokens with one 404, byte for byte", async () => {
    const good = token(4);
    const refused = [
      good.slice(0, -1) + (good.endsWith("0") ? "1" : "0"),
      good.slice(0, 20),
      "x",
      "00004" + good.slice(5).split("").reverse().join(""),
      token(9999), // a valid MAC for a number that has no ticket
      token(4, 2), // a version never issued
      "<script>alert(1)</script>",
    ];
    const pages = await Promise.all(refused.map((t) => page(t)));
    const bodies = await Promise.all(refused.map((t) => json(t)));
    for (const p of pages) {
      expect(p.status).toBe(404);
      expect(p.json).toBe(pages[0].json);
      expect(p.json).not.toMatch(/<script/i);
      expectPublicHeaders(p.headers);
    }
    for (const b of bodies) {
      expect(b.status).toBe(404);
      expect(b.json).toEqual({ success: false, code: "not_found", message: "This ticket code is not valid" });
    }
    // The manual-code form's wrong pairs get the same page.
    const wrong = await form(`?cn=${tickets[3].control_number}&code=AAA-AAA`);
    expect(wrong.status).toBe(404);
    expect(wrong.json).toBe(pages[0].json);
  });

  it("answers the control number and manual code on /verify, and shows the form without them", async () => {
    const blank = await form("");
    expect(blank.status).toBe(200);
    expect(blank.json).toContain('<form method="get" action="/verify">');
    expect(blank.json).not.toMatch(/<script/i);
    const code = makeManualCode(key, { ticketNumber: 1, qrVersion: 1 });
    const ok = await form(
      `?cn=${encodeURIComponent(tickets[0].control_number.toLowerCase())}&code=${code.toLowerCase().replace("-", "")}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.json).toContain("Registered: in the draw");
    // The right code with another ticket's control number is refused.
    const other = await form(`?cn=${tickets[1].control_number}&code=${code}`);
    expect(other.status).toBe(404);
  });

  it("stops verifying once replaced (410 'This ticket code has been replaced'); the new code verifies", async () => {
    const old = token(2);
    const oldCode = makeManualCode(key, { ticketNumber: 2, qrVersion: 1 });
    const res = await callRoute(replaceQr, {
      method: "POST",
      path: `/api/tickets/${tickets[1].id}/qr/replace`,
      params: { id: tickets[1].id },
      body: { reason: "Stub stolen from a seller" },
      token: admin.token,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.ticket).toMatchObject({ controlNumber: tickets[1].control_number, qrVersion: 2 });
    expect(await json(old)).toMatchObject({
      status: 410,
      json: { success: false, code: "code_replaced", message: "This ticket code has been replaced" },
    });
    const oldPage = await page(old);
    expect(oldPage.status).toBe(410);
    expect(oldPage.json).toContain("This ticket code has been replaced");
    expect((await form(`?cn=${tickets[1].control_number}&code=${oldCode}`)).status).toBe(410);
    expect((await json(token(2, 2))).status).toBe(200);
    const audit = await db().auditLog.findFirst({ where: { action: "ticket.qr_replace", entityId: tickets[1].id } });
    expect(audit?.after).toMatchObject({ qr_version: 2, reason: "Stub stolen from a seller" });
    const short = await callRoute(replaceQr, {
      method: "POST",
      path: `/api/tickets/${tickets[1].id}/qr/replace`,
      params: { id: tickets[1].id },
      body: { reason: "x" },
      token: admin.token,
    });
    expect(short.status).toBe(400);
  });

  it(
    "limits each address to 30 a minute (page and JSON " + "together, refused tokens counted), with Retry-After",
    async () => {
      // A fixed clock: the limiter's windows are whole minutes, and a loop that crosses a minute's
      // end would start over (a slow database made this test flaky).
      resetVerifyRateLimit(() => 1_800_000_010_000);
      const from = { "x-forwarded-for": "203.0.113.7" };
      for (let i = 0; i < VERIFY_LIMIT_PER_ADDRESS; i++) {
        const res = i % 2 ? await json("forged", from) : await page(token(1), from);
        expect(res.status).not.toBe(429);
      }
      const over = await json(token(1), from);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(over.json).toMatchObject({ success: false, code: "rate_limited" });
      expect(over.json.message).toMatch(
        /^Too many checks from this address: the limit is 30 a minute\. Try again in \d+ seconds?\.$/,
      );
      const overPage = await page(token(1), from);
      expect(overPage.status).toBe(429);
      expect(overPage.headers.get("retry-after")).not.toBeNull();
      // Another address still gets through.
      expect((await json(token(1), { "x-forwarded-for": "198.51.100.2" })).status).toBe(200);
    },
  );

  it(
    "serves a crowd and starves guessers: 20 guessing addresses fill " +
      "the busy mark, then 500 buyers' scans are all answered",
    async () => {
      resetVerifyRateLimit(() => 1_800_000_010_000);
      // Client addresses as the nearest X-Forwarded-For hop (the in-process stand-in for the socket), loopback only.
      const guesser = (g: number) => ({ "x-forwarded-for": `127.20.0.${g + 1}` });
      const buyer = (b: number) => ({ "x-forwarded-for": `127.1.${Math.floor(b / 200)}.${(b % 200) + 1}` });
      let guessed = 0;
      for (let round = 0; round < 35; round++) {
        for (let g = 0; g < 20; g++) {
          const res = await json("forged", guesser(g));
          if (res.status === 404) guessed++;
          else expect(res.status).toBe(429);
        }
      }
      expect(guessed).toBe(VERIFY_BUSY_OVERALL);
      // The page is busy now; every buyer with a valid code gets the answer, some scanning twice.
      const answers = new Map<number, number>();
      for (let b = 0; b < 500; b++) {
        const res = b % 2 ? await page(token(1), buyer(b)) : await json(token(1), buyer(b));
        answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
        if (b % 5 === 0) expect((await json(token(1), buyer(b))).status).toBe(200);
      }
      expect(Object.fromEntries(answers)).toEqual({ 200: 500 });
      // The guessers are still refused, each told it is their address.
      for (let g = 0; g < 20; g++) {
        const res = await json("forged", guesser(g));
        expect(res.status).toBe(429);
        expect(res.json.message).toMatch(/^Too many checks from this address/);
      }
      // A fresh address that guesses a little is answered, then made to wait as a heavy one while busy.
      const newcomer = { "x-forwarded-for": "127.30.0.1" };
      for (let i = 0; i < VERIFY_LIGHT_PER_ADDRESS; i++) expect((await json("forged", newcomer)).status).toBe(404);
      const busy = await page("forged", newcomer);
      expect(busy.status).toBe(429);
      expect(busy.json).toContain(
        "The ticket check is busy: an address that already checked 5 times this minute waits",
      );
    },
    120_000,
  );

  it("refuses everyone past the instance's ceiling, saying so", () => {
    resetVerifyRateLimit(() => 1_800_000_010_000);
    for (let i = 0; i < VERIFY_CEILING_OVERALL; i++)
      expect(
        takeVerifyRequest(`127.${Math.floor(i / 65536) + 2}.${Math.floor(i / 256) % 256}.${i % 256}`).allowed,
      ).toBe(true);
    expect(takeVerifyRequest("127.9.9.9")).toMatchObject({ allowed: false, reason: "overall" });
  });
});
