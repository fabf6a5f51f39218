// Issue 12: every setting takes effect on the next request. Each test changes a setting through
// PUT /api/settings, as an administrator would, and observes the effect on the very next call.
// (api_rate_limit and enable_api_logging: rate-limit.test.ts and request-log.test.ts;
// email_notifications: the send-email suite of issue 10.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as googleSignIn } from "@/app/api/auth/google-signin/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { PUT as putSettingsRoute } from "@/app/api/settings/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { GET as findRangeRoute } from "@/app/api/tickets/find-available-range/[n]/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { POST as mobileGenerate } from "@/app/api/tickets/mobile/generate/route";
import { db } from "@/server/db/client";
import { loadAppearance } from "@/server/settings/appearance";
import { createCookieUser } from "@/tests/helpers/auth";
import { createUser, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { startLocalIssuer, type LocalIssuer } from "@/tests/helpers/oidc-issuer";

const users = freshAdminAndStaff();

async function putSettings(body: Record<string, unknown>) {
  const res = await callRoute(putSettingsRoute, {
    method: "PUT",
    path: "/api/settings",
    body,
    token: users.admin.token,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

const buyer = { buyer_name: "Juan Dela Cruz", phone_number: "09171234567", payment_method: "cash" };
const generateTickets = (body: Record<string, unknown>, handler = generate) =>
  callRoute(handler, {
    method: "POST",
    path: "/api/tickets/generate",
    body: { ...buyer, ...body },
    token: users.staff.token,
  });
const rangeOf = (startRange: number, endRange: number) =>
  callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange, endRange, userId: "admin@example.com" },
    token: users.admin.token,
  });
const findRange = (n: number) =>
  callRoute(findRangeRoute, {
    path: `/api/tickets/find-available-range/${n}`,
    params: { n: String(n) },
    token: users.admin.token,
  });

describe("ticket_price", () => {
  it(
    "prices every ticket created from then on (generate, mobile " +
      "generate, custom range); existing tickets keep theirs",
    async () => {
      const old = await generateTickets({ quantity: 1 });
      expect(old.json.ticket.amount).toBe(50);

      await putSettings({ ticket_price: 62.5 });
      const web = await generateTickets({ quantity: 2, amount: 10 });
      expect(web.status).toBe(201);
      expect(web.json.tickets.map((t: { amount: number }) => t.amount)).toEqual([62.5, 62.5]);
      const mobile = await generateTickets({ quantity: 1 }, mobileGenerate);
      expect(mobile.json.ticket.amount).toBe(62.5);
      const range = await rangeOf(50, 51);
      expect(range.json.tickets.map((t: { amount: number }) => t.amount)).toEqual([62.5, 62.5]);

      const stored = await db().ticket.findUniqueOrThrow({ where: { id: old.json.ticket.id } });
      expect(Number(stored.amount)).toBe(50);
    },
  );
});

describe("max_ticket_limit", () => {
  it("is the highest number generate, custom range and find-available-range may use", async () => {
    await putSettings({ max_ticket_limit: 3 });
    const custom = await generateTickets({ quantity: 1, customMiddleDigits: "123", customLastDigits: "00004" });
    expect(custom.status).toBe(400);
    expect(custom.json.message).toBe("Ticket number must be between 00001 and 00003.");

    expect((await generateTickets({ quantity: 3 })).status).toBe(201);
    const full = await generateTickets({ quantity: 1 });
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({
      code: "limit_reached",
      message: "Ticket limit reached: the maximum of 3 tickets allows no more tickets.",
    });

    const range = await rangeOf(3, 5);
    expect(range.json.stats).toMatchObject({ generated: 0 });
    expect(range.json.errors.map((e: { number: number }) => e.number)).toEqual([4, 5]);
    expect((await findRange(1)).status).toBe(409);

    await putSettings({ max_ticket_limit: 5 });
    expect((await generateTickets({ quantity: 1 })).json.ticket.last_5_digits).toBe("00004");
  });

  it("above 99,999 allows every 5-digit number and no more", async () => {
    await putSettings({ max_ticket_limit: 150_000 });
    const top = await generateTickets({ quantity: 1, customMiddleDigits: "001", customLastDigits: "99999" });
    expect(top.status).toBe(201);
    expect(top.json.ticket.last_5_digits).toBe("99999");
  });
});

describe("session_timeout", () => {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const profile = (headers: Record<string, string>) => callRoute(profileRoute, { path: "/api/auth/profile", headers });

  it("is the idle limit of bearer and browser sessions, in minutes, from the next request", async () => {
    const cookieUser = await createCookieUser();
    await db().authSession.updateMany({
      where: { id: { in: [users.staff.sessionId, cookieUser.sessionId] } },
      data: { lastSeenAt: ago(20) },
    });
    expect((await profile({ authorization: `Bearer ${users.staff.token}` })).status).toBe(200);
    await db().authSession.updateMany({
      where: { id: { in: [users.staff.sessionId, cookieUser.sessionId] } },
      data: { lastSeenAt: ago(20) },
    });

    await putSettings({ session_timeout: 15 });
    expect((await profile({ authorization: `Bearer ${users.staff.token}` })).status).toBe(401);
    expect((await profile({ cookie: cookieUser.cookie })).status).toBe(401);

    await putSettings({ session_timeout: 25 });
    expect((await profile({ authorization: `Bearer ${users.staff.token}` })).status).toBe(200);
    expect((await profile({ cookie: cookieUser.cookie })).status).toBe(200);
  });
});

describe("require_email_verification", () => {
  let issuer: LocalIssuer;
  beforeAll(async () => {
    issuer = await startLocalIssuer();
  });
  afterAll(async () => {
    await issuer.stop();
  });

  const signIn = (idToken: string) =>
    callRoute(googleSignIn, { method: "POST", path: "/api/auth/google-signin", body: { idToken } });

  it("on (the default): an ID token whose email_verified is not true is refused", async () => {
    await createUser({ email: "unverified@example.com" });
    for (const emailVerified of [false, undefined, "false"]) {
      const res = await signIn(
        await issuer.idToken({ email: "unverified@example.com", email_verified: emailVerified }),
      );
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({
        code: "invalid_google_token",
        message: "The Google account's email address is not verified",
      });
    }
  });

  it("off: the same tokens sign in; on again: refused again", async () => {
    await createUser({ email: "unverified@example.com" });
    const token = await issuer.idToken({ email: "unverified@example.com", email_verified: false });
    await putSettings({ require_email_verification: false });
    expect((await signIn(token)).status).toBe(200);
    expect(
      (await signIn(await issuer.idToken({ email: "unverified@example.com", email_verified: undefined }))).status,
    ).toBe(200);
    await putSettings({ require_email_verification: true });
    expect((await signIn(token)).status).toBe(401);
  });
});

describe("site_name, site_description, dark_mode, primary_color", () => {
  it(
    "are what every page renders from the next page load: title, " +
      "description, login line, default theme and colour",
    async () => {
      expect(await loadAppearance()).toMatchObject({
        title: "Batch 2000 Raffle Dashboard",
        tagline: null,
        defaultTheme: "dark",
        style: { "--brand-primary-dark": expect.any(String) },
      });
      const defaultStyle = (await loadAppearance()).style;

      await putSettings({
        site_name: "Batch 2000 Reunion Raffle",
        site_description: "Proceeds go to the scholarship fund",
        dark_mode: false,
        primary_color: "#1e3a8a",
      });
      const appearance = await loadAppearance();
      expect(appearance).toMatchObject({
        title: "Batch 2000 Reunion Raffle",
        description: "Proceeds go to the scholarship fund",
        tagline: "Proceeds go to the scholarship fund",
        defaultTheme: "light",
      });
      expect(appearance.style["--brand-primary"]).toBe("#1e3a8a");
      expect(appearance.style).not.toEqual(defaultStyle);

      await putSettings({ site_description: "" });
      expect((await loadAppearance()).tagline).toBe("Batch 2000 Reunion Raffle");
    },
  );
});

describe("sms_notifications, push_notifications, enable_two_factor", () => {
  it("are stored and returned (the product has no SMS, push or second-factor provider)", async () => {
    const saved = await putSettings({ sms_notifications: true, push_notifications: false, enable_two_factor: true });
    expect(saved.settings).toMatchObject({
      sms_notifications: true,
      push_notifications: false,
      enable_two_factor: true,
    });
    expect(await db().settings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
      smsNotifications: true,
      pushNotifications: false,
      enableTwoFactor: true,
    });
  });
});
