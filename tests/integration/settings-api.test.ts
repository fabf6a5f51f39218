// GET /api/settings: administrators read every setting, other users the part their screens need.
import { beforeEach, describe, expect, it } from "vitest";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let tokens: { admin: string; staff: string };

beforeEach(async () => {
  await resetDb();
  const { admin, staff } = await createAdminAndStaff();
  tokens = { admin: admin.token, staff: staff.token };
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
