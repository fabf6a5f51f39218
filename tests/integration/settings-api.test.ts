// GET|PUT /api/settings: administrators read and change every setting, other users read the part
// their screens need. Each validation message, both spellings, partial bodies and the audit row.
import { beforeEach, describe, expect, it } from "vitest";
import { GET as settingsRoute, PUT as putSettingsRoute } from "@/app/api/settings/route";
import { SETTINGS_MESSAGES as M } from "@/lib/schemas/settings";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let tokens: { admin: string; staff: string };
let adminId: string;

beforeEach(async () => {
  await resetDb();
  const { admin, staff } = await createAdminAndStaff();
  tokens = { admin: admin.token, staff: staff.token };
  adminId = admin.user.id;
});

describe("GET /api/settings", () => {
  it("gives administrators the fourteen settings with the spec's defaults, plus prefix and timezone", async () => {
    const res = await callRoute(settingsRoute, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      settings: {
        site_name: "",
        site_description: "",
        max_ticket_limit: 60000,
        ticket_price: 50,
        email_notifications: true,
        sms_notifications: false,
        push_notifications: true,
        require_email_verification: true,
        enable_two_factor: false,
        session_timeout: 30,
        api_rate_limit: 100,
        enable_api_logging: true,
        primary_color: "#667eea",
        dark_mode: true,
        ticket_prefix: "B2K",
        timezone: "Asia/Manila",
        // Seller accountability (issue 20), off and ₱5,000 by default.
        restrict_sales_to_allocations: false,
        cash_on_hand_alert: 5000,
        // What stubs print (issue 22), empty by default.
        permit_number: "",
        draw_at: "",
        venue: "",
        // Installation-wide caps (issue 25): 2,048 MB of attachments (none used yet), 500 e-mails an hour.
        attachment_storage_limit_mb: 2048,
        email_hourly_limit: 500,
        attachment_storage_used_bytes: 0,
        // Whether the app's role could erase its records (decision 211): the test database's role can.
        audit_safety_warning: expect.stringContaining("could erase or rewrite the audit log and the draw pool"),
        // Close-out's purge reminder (issue 24): 36 months after Close.
        retention_months: 36,
      },
    });
  });

  it("gives other users only what the screens need, and reads the row on every request", async () => {
    await db().settings.update({ where: { id: 1 }, data: { ticketPrice: 75.5, siteName: "Batch 2000" } });
    const res = await callRoute(settingsRoute, { token: tokens.staff });
    expect(res.status).toBe(200);
    expect(res.json.settings).toEqual({
      site_name: "Batch 2000",
      site_description: "",
      ticket_price: 75.5,
      max_ticket_limit: 60000,
      primary_color: "#667eea",
      dark_mode: true,
      timezone: "Asia/Manila",
    });
  });
});

/** The issue-20 settings, untouched by the spec's fourteen. */
const SELLER_DEFAULTS = { restrict_sales_to_allocations: false, cash_on_hand_alert: 5000 };
/** What stubs print (issue 22), empty by default. */
const STUB_DEFAULTS = { permit_number: "", draw_at: "", venue: "" };
const CAP_DEFAULTS = {
  attachment_storage_limit_mb: 2048,
  email_hourly_limit: 500,
  attachment_storage_used_bytes: 0,
  retention_months: 36,
  audit_safety_warning: expect.any(String),
};
const put = (body: unknown, token = tokens.admin) =>
  callRoute(putSettingsRoute, { method: "PUT", path: "/api/settings", body, token });
const read = async () => (await callRoute(settingsRoute, { token: tokens.admin })).json.settings;

/** The fourteen settings as the spec's client sends them (SPEC section 7: all of them, snake_case). */
const ALL = {
  site_name: "Batch 2000 Raffle",
  site_description: "Fund-raising raffle of batch 2000",
  max_ticket_limit: 5000,
  ticket_price: 75.5,
  email_notifications: false,
  sms_notifications: true,
  push_notifications: false,
  require_email_verification: false,
  enable_two_factor: true,
  session_timeout: 120,
  api_rate_limit: 500,
  enable_api_logging: false,
  primary_color: "#0ea5e9",
  dark_mode: false,
};

describe("PUT /api/settings", () => {
  it("saves all fourteen fields sent in snake_case and answers the saved settings", async () => {
    const res = await put(ALL);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      settings: {
        ...ALL,
        ticket_prefix: "B2K",
        timezone: "Asia/Manila",
        ...SELLER_DEFAULTS,
        ...STUB_DEFAULTS,
        ...CAP_DEFAULTS,
      },
      notices: [],
    });
    expect(await read()).toEqual({
      ...ALL,
      ticket_prefix: "B2K",
      timezone: "Asia/Manila",
      ...SELLER_DEFAULTS,
      ...STUB_DEFAULTS,
      ...CAP_DEFAULTS,
    });
  });

  it("saves the stub settings (issue 22), audited like the others", async () => {
    const res = await put({
      permit_number: " FTEB-12345 Series of 2026 ",
      drawAt: "2026-12-20T15:00",
      venue: "Peñaflor Covered Court",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.settings).toMatchObject({
      permit_number: "FTEB-12345 Series of 2026",
      draw_at: "2026-12-20T15:00",
      venue: "Peñaflor Covered Court",
    });
    const audit = await db().auditLog.findFirst({ where: { action: "settings.update" }, orderBy: { id: "desc" } });
    expect(audit?.after).toEqual({
      permit_number: "FTEB-12345 Series of 2026",
      draw_at: "2026-12-20T15:00",
      venue: "Peñaflor Covered Court",
    });
    expect((await put({ draw_at: "" })).json.settings.draw_at).toBe("");
  });

  it("accepts camelCase too", async () => {
    const res = await put({
      siteName: "Camel",
      ticketPrice: 60,
      maxTicketLimit: 100,
      sessionTimeout: 15,
      apiRateLimit: 50,
      primaryColor: "#112233",
      darkMode: false,
      requireEmailVerification: false,
    });
    expect(res.status).toBe(200);
    expect(res.json.settings).toMatchObject({
      site_name: "Camel",
      ticket_price: 60,
      max_ticket_limit: 100,
      session_timeout: 15,
      api_rate_limit: 50,
      primary_color: "#112233",
      dark_mode: false,
      require_email_verification: false,
    });
  });

  it("changes only what a partial body names", async () => {
    await put(ALL);
    const res = await put({ ticket_price: 20 });
    expect(res.status).toBe(200);
    expect(res.json.settings).toEqual({
      ...ALL,
      ticket_price: 20,
      ticket_prefix: "B2K",
      timezone: "Asia/Manila",
      ...SELLER_DEFAULTS,
      ...STUB_DEFAULTS,
      ...CAP_DEFAULTS,
    });
  });

  it.each([
    [{ ticket_price: 0 }, "ticket_price", M.ticketPrice],
    [{ cash_on_hand_alert: -1 }, "cash_on_hand_alert", M.cashOnHandAlert],
    [{ permit_number: "p".repeat(101) }, "permit_number", M.permitNumber],
    [{ draw_at: "2026-02-30T15:00" }, "draw_at", M.drawAt],
    [{ draw_at: "20 Dec 2026" }, "draw_at", M.drawAt],
    [{ venue: "v".repeat(201) }, "venue", M.venue],
    [{ attachment_storage_limit_mb: 0 }, "attachment_storage_limit_mb", M.attachmentStorageLimitMb],
    [{ attachment_storage_limit_mb: 1.5 }, "attachment_storage_limit_mb", M.attachmentStorageLimitMb],
    [{ email_hourly_limit: 0 }, "email_hourly_limit", M.emailHourlyLimit],
    [{ email_hourly_limit: 100_001 }, "email_hourly_limit", M.emailHourlyLimit],
    [{ retention_months: -1 }, "retention_months", M.retentionMonths],
    [{ retention_months: 121 }, "retention_months", M.retentionMonths],
    [{ retention_months: 1.5 }, "retention_months", M.retentionMonths],
    [
      { restrict_sales_to_allocations: "yes" },
      "restrict_sales_to_allocations",
      "Restrict sales to allocated stubs must be true or false",
    ],
    [{ ticket_price: 12.345 }, "ticket_price", M.ticketPrice],
    [{ ticket_price: "fifty" }, "ticket_price", M.ticketPrice],
    [{ max_ticket_limit: 0 }, "max_ticket_limit", M.maxTicketLimit],
    [{ max_ticket_limit: 1_000_000 }, "max_ticket_limit", M.maxTicketLimit],
    [{ max_ticket_limit: 2.5 }, "max_ticket_limit", M.maxTicketLimit],
    [{ session_timeout: 4 }, "session_timeout", M.sessionTimeout],
    [{ session_timeout: 1441 }, "session_timeout", M.sessionTimeout],
    [{ api_rate_limit: 9 }, "api_rate_limit", M.apiRateLimit],
    [{ api_rate_limit: 100_001 }, "api_rate_limit", M.apiRateLimit],
    [{ primary_color: "blue" }, "primary_color", M.primaryColor],
    [{ site_name: "n".repeat(101) }, "site_name", M.siteName],
    [{ site_description: "d".repeat(501) }, "site_description", M.siteDescription],
    [{ email_notifications: "yes" }, "email_notifications", "Email notifications must be true or false"],
    [{ smsNotifications: 0 }, "sms_notifications", "SMS notifications must be true or false"],
    [{ push_notifications: null }, "push_notifications", "Push notifications must be true or false"],
    [
      { require_email_verification: "true" },
      "require_email_verification",
      "Require email verification must be true or false",
    ],
    [{ enable_two_factor: 1 }, "enable_two_factor", "Two-factor authentication must be true or false"],
    [{ enable_api_logging: "off" }, "enable_api_logging", "API logging must be true or false"],
    [{ darkMode: "false" }, "dark_mode", "Dark mode must be true or false"],
    [{ theme: "dark" }, "theme", "Unknown setting: theme"],
  ])("refuses %j with 400 and a message naming the field, changing nothing", async (body, path, message) => {
    const before = await read();
    const res = await put({ site_name: "Would change", ...body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: "validation_failed", message, issues: [{ path, message }] });
    expect(await read()).toEqual(before);
    expect(await db().auditLog.count({ where: { action: "settings.update" } })).toBe(0);
  });

  it("names every bad field in issues", async () => {
    const res = await put({ ticket_price: -1, session_timeout: 2, primary_color: "#12345" });
    expect(res.status).toBe(400);
    expect(res.json.issues).toEqual([
      { path: "ticket_price", message: M.ticketPrice },
      { path: "session_timeout", message: M.sessionTimeout },
      { path: "primary_color", message: M.primaryColor },
    ]);
  });

  it("refuses a body that is not an object", async () => {
    const res = await put([1, 2]);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(M.notAnObject);
  });

  it("says in the answer that a limit above 99,999 allows 99,999 tickets", async () => {
    const res = await put({ max_ticket_limit: 150_000 });
    expect(res.status).toBe(200);
    expect(res.json.settings.max_ticket_limit).toBe(150_000);
    expect(res.json.notices).toEqual([
      "Ticket numbers have 5 digits: a maximum ticket limit above 99,999 allows 99,999 tickets.",
    ]);
  });

  it(
    "writes one audit row with before and after of what " + "changed, and none for a save that changes nothing",
    async () => {
      await put({ ticket_price: 50, site_name: "" });
      expect(await db().auditLog.count()).toBe(0);
      await put({ ticket_price: 65.25, site_name: "Renamed", dark_mode: true });
      const rows = await db().auditLog.findMany({ where: { action: "settings.update" }, orderBy: { id: "asc" } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: adminId,
        actorEmail: "admin@example.com",
        entityType: "settings",
        entityId: "1",
        before: { ticket_price: 50, site_name: "" },
        after: { ticket_price: 65.25, site_name: "Renamed" },
      });
    },
  );

  it(
    "keeps both of two administrators' saves of different fields made at the same moment",
    { tags: ["sql"] },
    async () => {
      const results = await Promise.all([
        put({ ticket_price: 99 }),
        put({ site_name: "Both kept" }),
        put({ session_timeout: 45 }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await read()).toMatchObject({ ticket_price: 99, site_name: "Both kept", session_timeout: 45 });
      expect(await db().auditLog.count({ where: { action: "settings.update" } })).toBe(3);
    },
  );

  it("is for administrators only", async () => {
    const res = await put({ ticket_price: 1 }, tokens.staff);
    expect(res.status).toBe(403);
    expect((await read()).ticket_price).toBe(50);
  });
});
