// The Activity Log's API: GET /api/audit (50 a page, newest first, filtered by action, actor and
// days in the raffle's timezone), /api/audit/filters, /api/audit/export (CSV), and the audit
// table refusing UPDATE and DELETE in the database itself.
import { describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/audit/export/route";
import { GET as filtersRoute } from "@/app/api/audit/filters/route";
import { GET as auditRoute } from "@/app/api/audit/route";
import { POST as addUserRoute } from "@/app/api/auth/add-user/route";
import { PUT as putSettingsRoute } from "@/app/api/settings/route";
import { DELETE as deleteTicketRoute } from "@/app/api/tickets/[id]/route";
import { POST as customRangeRoute } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const users = freshAdminAndStaff();

const list = (query = "", token = users.admin.token) => callRoute(auditRoute, { path: `/api/audit${query}`, token });
const exportCsv = (query = "") =>
  callRoute(exportRoute, { path: `/api/audit/export${query}`, token: users.admin.token });

/** An audit row at a given instant, as the services write them (inserts are allowed). */
const insertRow = (row: {
  action: string;
  actor?: string | null;
  at: string;
  entityType?: string;
  entityId?: string | null;
  after?: object;
}) =>
  db().$executeRaw`INSERT INTO audit_log (actor_email, action, entity_type, entity_id, after, created_at)
    VALUES (${row.actor ?? null}, ${row.action}, ${row.entityType ?? "test"}, ${row.entityId ?? null},
    ${JSON.stringify(row.after ?? {})}::jsonb, ${row.at}::timestamptz)`;

describe("GET /api/audit", () => {
  it("shows who did what to which ticket or user, before and after, newest first", async () => {
    const range = await callRoute(customRangeRoute, {
      method: "POST",
      path: "/api/tickets/admin/generate-custom-range",
      body: { startRange: 1, endRange: 2, userId: "x" },
      token: users.admin.token,
    });
    const [first, second] = range.json.tickets;
    await callRoute(registerRoute, {
      method: "PUT",
      path: "/api/tickets/register/00001",
      params: { controlNumber: "00001" },
      body: { buyerName: "Maria Santos", phoneNumber: "09171234567" },
      token: users.staff.token,
    });
    await callRoute(deleteTicketRoute, {
      method: "DELETE",
      path: `/api/tickets/${second.id}`,
      params: { id: second.id },
      token: users.admin.token,
    });
    await callRoute(addUserRoute, {
      method: "POST",
      path: "/api/auth/add-user",
      body: { email: "new@example.com", displayName: "New Person", isAdmin: false },
      token: users.admin.token,
    });
    await callRoute(putSettingsRoute, {
      method: "PUT",
      path: "/api/settings",
      body: { ticket_price: 60 },
      token: users.admin.token,
    });

    const res = await list();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      total: 5,
      page: 1,
      pageSize: 50,
      totalPages: 1,
      timezone: "Asia/Manila",
    });
    const rows = res.json.entries.map((e: any) => [e.actor_email, e.action, e.subject]);
    expect(rows).toEqual([
      ["admin@example.com", "settings.update", null],
      ["admin@example.com", "user.create", "new@example.com"],
      ["admin@example.com", "ticket.delete", second.control_number],
      ["staff@example.com", "ticket.register", first.control_number],
      ["admin@example.com", "ticket.custom_range", "1-2"],
    ]);
    const registered = res.json.entries[3];
    expect(registered).toMatchObject({
      entity_type: "ticket",
      entity_id: first.id,
      actor_id: users.staff.user.id,
      before: { buyer_name: null, status: "active" },
      after: { buyer_name: "Maria Santos", phone_number: "9171234567", status: "registered" },
    });
    expect(res.json.entries[0]).toMatchObject({ before: { ticket_price: 50 }, after: { ticket_price: 60 } });
    expect(new Date(registered.created_at).toISOString()).toBe(registered.created_at);
  });

  it("pages 50 at a time", async () => {
    await db().$executeRaw`INSERT INTO audit_log (action, entity_type, created_at)
      SELECT 'test.row', 'test', timestamptz '2026-03-01T00:00:00Z' + n * interval '1 second' FROM generate_series(1,
      120) n`;
    const page1 = await list();
    expect(page1.json).toMatchObject({ total: 120, totalPages: 3 });
    expect(page1.json.entries).toHaveLength(50);
    const page3 = await list("?page=3");
    expect(page3.json.entries).toHaveLength(20);
    expect(page3.json.entries.at(-1).created_at).toBe("2026-03-01T00:00:01.000Z");
    expect(page1.json.entries[0].created_at).toBe("2026-03-01T00:02:00.000Z");
  });

  it("filters by action, by actor and by days in the raffle's timezone", { tags: ["sql"] }, async () => {
    // Manila is UTC+8: 15:30Z is 23:30 on the 15th there, 16:10Z is already the 16th.
    await insertRow({ action: "ticket.register", actor: "a@example.com", at: "2026-01-14T15:59:00Z" });
    await insertRow({ action: "ticket.register", actor: "a@example.com", at: "2026-01-14T16:00:00Z" });
    await insertRow({ action: "ticket.delete", actor: "b@example.com", at: "2026-01-15T15:30:00Z" });
    await insertRow({ action: "ticket.register", actor: "b@example.com", at: "2026-01-15T16:10:00Z" });
    const actions = async (q: string) =>
      (await list(q)).json.entries.map((e: any) => `${e.action}@${e.created_at.slice(0, 16)}`);

    expect(await actions("?action=ticket.delete")).toEqual(["ticket.delete@2026-01-15T15:30"]);
    expect(await actions("?actor=b%40example.com")).toEqual([
      "ticket.register@2026-01-15T16:10",
      "ticket.delete@2026-01-15T15:30",
    ]);
    expect(await actions("?from=2026-01-15&to=2026-01-15")).toEqual([
      "ticket.delete@2026-01-15T15:30",
      "ticket.register@2026-01-14T16:00",
    ]);
    expect(await actions("?from=2026-01-16")).toEqual(["ticket.register@2026-01-15T16:10"]);
    expect(await actions("?to=2026-01-14")).toEqual(["ticket.register@2026-01-14T15:59"]);
    expect(await actions("?action=ticket.register&actor=a%40example.com&from=2026-01-15")).toEqual([
      "ticket.register@2026-01-14T16:00",
    ]);
    expect((await list("?action=&actor=&from=&to=&page=")).json.total).toBe(4);

    await db().settings.update({ where: { id: 1 }, data: { timezone: "UTC" } });
    expect(await actions("?from=2026-01-15&to=2026-01-15")).toEqual([
      "ticket.register@2026-01-15T16:10",
      "ticket.delete@2026-01-15T15:30",
    ]);
  });

  it.each([
    ["?from=2026-13-01", "from must be a date written YYYY-MM-DD"],
    ["?to=yesterday", "to must be a date written YYYY-MM-DD"],
    ["?from=2026-02-30", "from must be a date written YYYY-MM-DD"],
    ["?from=2026-02-02&to=2026-02-01", "from must be on or before to"],
    ["?page=0", "page must be a whole number from 1"],
    ["?page=two", "page must be a whole number from 1"],
  ])("refuses %s with a message naming the parameter", async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "validation_failed", message });
  });

  it("is for administrators only", async () => {
    expect((await list("", users.staff.token)).status).toBe(403);
  });
});

describe("GET /api/audit/filters", () => {
  it("lists every action and actor in the log once, sorted", async () => {
    await insertRow({ action: "ticket.register", actor: "b@example.com", at: "2026-01-01T00:00:00Z" });
    await insertRow({ action: "ticket.register", actor: "a@example.com", at: "2026-01-02T00:00:00Z" });
    await insertRow({ action: "settings.update", actor: "b@example.com", at: "2026-01-03T00:00:00Z" });
    await insertRow({ action: "user.create", actor: null, at: "2026-01-04T00:00:00Z" });
    const res = await callRoute(filtersRoute, { path: "/api/audit/filters", token: users.admin.token });
    expect(res.json).toEqual({
      success: true,
      actions: ["settings.update", "ticket.register", "user.create"],
      actors: ["a@example.com", "b@example.com"],
    });
  });
});

describe("GET /api/audit/export", () => {
  const csvLines = (text: string) => text.replace(/^\uFEFF/, "").split("\r\n");

  it(
    "downloads the filtered rows as CSV, newest first, with times in the raffle's timezone",
    { tags: ["sql"] },
    async () => {
      await insertRow({
        action: "ticket.register",
        actor: "a@example.com",
        at: "2026-01-14T16:00:00Z",
        entityType: "ticket",
        after: { buyer_name: "Ana" },
      });
      await insertRow({ action: "ticket.delete", actor: "b@example.com", at: "2026-01-15T15:30:00Z" });
      const res = await exportCsv("?action=ticket.register");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(csvLines(res.json as unknown as string)).toEqual([
        "Time,Actor,Action,Entity Type,Subject,Entity ID,Before,After",
        '2026-01-15T00:00:00.000+08:00,a@example.com,ticket.register,ticket,,,,"{""buyer_name"":""Ana""}"',
      ]);
    },
  );

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    await insertRow({ action: '=HYPERLINK("http://evil")', actor: "+cmd@example.com", at: "2026-01-14T16:00:00Z" });
    const [, row] = csvLines((await exportCsv()).json as unknown as string);
    expect(row).toBe(`2026-01-15T00:00:00.000+08:00,"'+cmd@example.com","'=HYPERLINK(""http://evil"")",test,,,,{}`);
  });

  it("streams every row of a large log in order, across batches", async () => {
    await db().$executeRaw`INSERT INTO audit_log (action, entity_type, created_at)
      SELECT 'bulk.row', 'test', timestamptz '2026-03-01T00:00:00Z' + n * interval '1 second' FROM generate_series(1,
      2345) n`;
    const lines = csvLines((await exportCsv()).json as unknown as string);
    expect(lines).toHaveLength(2346);
    expect(lines[1].startsWith("2026-03-01T08:39:05.000+08:00,")).toBe(true);
    expect(lines[2345].startsWith("2026-03-01T08:00:01.000+08:00,")).toBe(true);
  });

  it("answers only the header for no rows", async () => {
    expect(csvLines((await exportCsv("?action=nothing")).json as unknown as string)).toEqual([
      "Time,Actor,Action,Entity Type,Subject,Entity ID,Before,After",
    ]);
  });
});

describe("the audit table", () => {
  it("refuses UPDATE and DELETE in the database itself", async () => {
    await insertRow({ action: "ticket.register", at: "2026-01-01T00:00:00Z" });
    await expect(db().$executeRaw`UPDATE audit_log SET action = 'forged'`).rejects.toThrow(/audit_log is append-only/);
    await expect(db().$executeRaw`DELETE FROM audit_log`).rejects.toThrow(/audit_log is append-only/);
    await expect(db().auditLog.deleteMany({})).rejects.toThrow(/append-only/);
    expect(await db().auditLog.findMany({ select: { action: true } })).toEqual([{ action: "ticket.register" }]);
  });
});
