// Settings' ticket prefix and timezone on PUT /api/settings (issue 38 item 5): the prefix changes only
// while no ticket exists (control numbers keep theirs), and new tickets carry it; a new timezone is
// saved and audited like every setting.
import { describe, expect, it } from "vitest";
import { PUT as putSettingsRoute } from "@/app/api/settings/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { SETTINGS_MESSAGES as M } from "@/lib/schemas/settings";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const put = (body: unknown, token = users.admin.token) =>
  callRoute(putSettingsRoute, { method: "PUT", path: "/api/settings", body, token });

const users = freshAdminAndStaff();

describe("ticket prefix and timezone", () => {
  it(
    "changes the prefix while no ticket exists, then refuses " + "it naming how many tickets carry the old one",
    async () => {
      expect((await put({ ticket_prefix: "rf26" }, users.staff.token)).status).toBe(403);
      const first = await put({ ticket_prefix: "rf26" });
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      expect(first.json.settings.ticket_prefix).toBe("RF26");
      const made = await callRoute(customRange, {
        method: "POST",
        path: "/api/tickets/admin/generate-custom-range",
        body: { startRange: 1, endRange: 2, userId: "x" },
        token: users.admin.token,
      });
      expect(made.status).toBe(201);
      expect(made.json.tickets[0].control_number).toMatch(/^RF26-\d{3}-00001$/);

      const refused = await put({ ticket_prefix: "B2K", ticket_price: 75 });
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        success: false,
        code: "conflict",
        message: M.ticketPrefixLocked(2, "RF26"),
      });
      expect(refused.json.message).toBe(
        "The ticket prefix can change only while no ticket exists: 2 tickets already carry RF26",
      );
      // Nothing of the refused request was written.
      const row = await db().settings.findUniqueOrThrow({ where: { id: 1 } });
      expect({ prefix: row.ticketPrefix, price: Number(row.ticketPrice) }).toEqual({ prefix: "RF26", price: 50 });
      // Sending back the same prefix with other changes is not a change of prefix.
      expect((await put({ ticket_prefix: "RF26", ticket_price: 75 })).status).toBe(200);
    },
  );

  it("saves a timezone the runtime knows and audits it; refuses one it does not", async () => {
    const res = await put({ timezone: "Asia/Tokyo" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.settings.timezone).toBe("Asia/Tokyo");
    const audit = await db().auditLog.findFirst({
      where: { action: "settings.update" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.before).toEqual({ timezone: "Asia/Manila" });
    expect(audit?.after).toEqual({ timezone: "Asia/Tokyo" });
    const bad = await put({ timezone: "Asia/Atlantis" });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain(M.timezone);
  });
});
