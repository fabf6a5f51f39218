// Voids (issue 19, docs/decisions/051-voids.md): an administrator takes a ticket out of the raffle
// with a reason; the number stays the ticket's; every write on it answers 409 ticket_voided before
// any other check; the database refuses the same writes made directly; sold figures drop.
import { describe, expect, it } from "vitest";
import { POST as sendEmail } from "@/app/api/tickets/send-email/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { GET as statsRoute } from "@/app/api/tickets/stats/route";
import { GET as voidedRoute } from "@/app/api/tickets/voided/route";
import { GET as voidedExportRoute } from "@/app/api/tickets/voided/export/route";
import { DELETE as deleteRoute, PUT as editRoute } from "@/app/api/tickets/[id]/route";
import { POST as unvoidRoute } from "@/app/api/tickets/[id]/unvoid/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { GET as userProgressRoute } from "@/app/api/dashboard/admin/user-progress/route";
import { db } from "@/server/db/client";
import { createTickets, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const maria = { buyerName: "Maria Clara", phoneNumber: "0917 123 4567", email: "maria@example.com" };

const users = freshAdminAndStaff();

const register = (ref: string, body: unknown, token = users.staff.token) =>
  callRoute(registerRoute, {
    method: "PUT",
    path: `/api/tickets/register/${encodeURIComponent(ref)}`,
    params: { controlNumber: ref },
    body,
    token,
  });
const voidTicket = (id: string, body: unknown, token = users.admin.token) =>
  callRoute(voidRoute, { method: "POST", path: `/api/tickets/${id}/void`, params: { id }, body, token });
const unvoid = (id: string, body: unknown, token = users.admin.token) =>
  callRoute(unvoidRoute, { method: "POST", path: `/api/tickets/${id}/unvoid`, params: { id }, body, token });
const stats = async () => (await callRoute(statsRoute, { path: "/api/tickets/stats", token: users.admin.token })).json;

describe("POST /api/tickets/{id}/void", () => {
  it("voids with a reason and note, audited; the ticket JSON carries the void", async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    const res = await voidTicket(t.id, { reason: "spoiled_misprint", note: "ink smudge" });
    expect(res.status).toBe(200);
    expect(res.json.ticket).toMatchObject({
      void_reason: "spoiled_misprint",
      void_note: "ink smudge",
      voided_by: "admin@example.com",
    });
    expect(res.json.ticket.voided_at).toEqual(expect.any(String));
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: "ticket.void" } });
    expect(audit.after).toMatchObject({ reason: "spoiled_misprint", note: "ink smudge", was_sold: false });
  });

  it("answers 400 naming reason or note for a bad body, and 'other' needs a note of 10 characters", async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    for (const [body, path] of [
      [{}, "reason"],
      [{ reason: "lost" }, "reason"],
      [{ reason: "other" }, "note"],
      [{ reason: "other", note: "too short" }, "note"],
    ] as const) {
      const res = await voidTicket(t.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("validation_failed");
      expect(res.json.issues[0].path).toBe(path);
    }
    expect((await voidTicket(t.id, { reason: "other", note: "given away at the fiesta" })).status).toBe(200);
  });

  it("answers 409 conflict for a second void and an unvoid of a ticket that is not void", async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    expect((await unvoid(t.id, { reason: "mistake" })).json).toMatchObject({
      code: "conflict",
      message: `Ticket ${t.control_number} is not void`,
    });
    await voidTicket(t.id, { reason: "lost_stub" });
    expect((await voidTicket(t.id, { reason: "lost_stub" })).json).toMatchObject({
      code: "conflict",
      message: `Ticket ${t.control_number} is already void: Lost stub`,
    });
    expect((await unvoid(t.id, {})).json).toMatchObject({ code: "validation_failed" });
  });

  it("is for administrators only", async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    expect((await voidTicket(t.id, { reason: "lost_stub" }, users.staff.token)).status).toBe(403);
    expect((await unvoid(t.id, { reason: "x" }, users.staff.token)).status).toBe(403);
  });

  it("voids a ticket once when two administrators void it at the same moment", { tags: ["sql"] }, async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    const results = await Promise.all([
      voidTicket(t.id, { reason: "lost_stub" }),
      voidTicket(t.id, { reason: "refunded" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db().auditLog.count({ where: { action: "ticket.void" } })).toBe(1);
  });
});

describe("a voided ticket", () => {
  it("refuses every write with 409 ticket_voided before any other check", async () => {
    const [t, u] = await createTickets(users.admin, 1, 2);
    await register(t.control_number, maria);
    await voidTicket(t.id, { reason: "refunded" });
    const message = `Ticket ${t.control_number} is void: Refunded`;
    const expectVoided = (res: { status: number; json: { code?: string; message?: string } }, label: string) =>
      expect([res.status, res.json.code, res.json.message], label).toEqual([409, "ticket_voided", message]);

    expectVoided(
      await register(t.control_number, { buyerName: "Juan Dela Cruz", phoneNumber: "09181234567" }),
      "register",
    );
    expectVoided(await register(t.control_number, {}), "register with a bad body");
    expectVoided(
      await register(t.control_number, {
        buyerName: "Juan Dela Cruz",
        phoneNumber: "09181234567",
        paymentMethod: "gcash",
      }),
      "register, gcash without reference",
    );
    const edit = (body: unknown) =>
      callRoute(editRoute, {
        method: "PUT",
        path: `/api/tickets/${t.id}`,
        params: { id: t.id },
        body,
        token: users.admin.token,
      });
    expectVoided(await edit({ buyer_name: "N/A", payment_method: "cash" }), "edit");
    expectVoided(await edit({}), "edit with a bad body");
    expectVoided(
      await callRoute(deleteRoute, {
        method: "DELETE",
        path: `/api/tickets/${t.id}`,
        params: { id: t.id },
        token: users.admin.token,
      }),
      "delete",
    );
    expectVoided(
      await callRoute(sendEmail, {
        method: "POST",
        path: "/api/tickets/send-email",
        token: users.admin.token,
        body: { to: "maria@example.com", ticket: { control_number: t.control_number } },
      }),
      "e-mail",
    );
    const many = await callRoute(registerMultipleRoute, {
      method: "POST",
      path: "/api/tickets/register-multiple",
      token: users.staff.token,
      body: { ...maria, ticketIds: [t.id, u.id] },
    });
    expect(many.json).toMatchObject({ registeredCount: 1, errors: [`Ticket ${t.control_number}: ${message}`] });
    expect((await db().ticket.findUniqueOrThrow({ where: { id: t.id } })).buyerName).toBe("Maria Clara");
  });

  it("is guarded by the database: no direct update, clearing or delete", { tags: ["sql"] }, async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    await voidTicket(t.id, { reason: "lost_stub" });
    await expect(
      db().$executeRaw`UPDATE tickets SET buyer_name = 'Direct Write' WHERE ticket_number = 1`,
    ).rejects.toThrow(/is void/);
    await expect(
      db().$executeRaw`UPDATE tickets SET voided_at = NULL, void_reason = NULL WHERE ticket_number = 1`,
    ).rejects.toThrow(/only an unvoid/);
    await expect(db().$executeRaw`DELETE FROM tickets WHERE ticket_number = 1`).rejects.toThrow(/keeps its number/);
    await expect(db().$executeRaw`UPDATE tickets SET void_reason = 'bogus' WHERE ticket_number = 1`).rejects.toThrow();
    await expect(db().$executeRaw`UPDATE tickets SET voided_at = NULL WHERE ticket_number = 1`).rejects.toThrow();
    expect(await db().ticket.count()).toBe(1);
  });

  it(
    "leaves the sold figures and the seller's sales, stays in " + "stock figures, and comes back when unvoided",
    async () => {
      const [t, u] = await createTickets(users.admin, 1, 2);
      await register(t.control_number, { ...maria, paymentMethod: "cash" });
      await register(u.control_number, { ...maria, paymentMethod: "gcash", paymentReference: "1001543610110" });
      const progress = async () =>
        (await callRoute(userProgressRoute, { path: "/api/dashboard/admin/user-progress", token: users.admin.token }))
          .json;
      const seller = async () =>
        (await progress()).userProgress.find((r: { userEmail: string }) => r.userEmail === "staff@example.com");
      expect(await stats()).toMatchObject({ total: 2, registered_count: 2, revenue: 100 });
      expect(await seller()).toMatchObject({ soldTickets: 2, soldAmount: 100, cashCollected: 50, totalTickets: 0 });

      await voidTicket(t.id, { reason: "refunded" });
      expect(await stats()).toMatchObject({ total: 2, registered_count: 2, unregistered_count: 0, revenue: 50 });
      expect(await seller()).toMatchObject({ soldTickets: 1, soldAmount: 50, cashCollected: 0 });
      const creator = (await progress()).userProgress.find(
        (r: { userEmail: string }) => r.userEmail === "admin@example.com",
      );
      expect(creator).toMatchObject({ totalTickets: 2, registeredTickets: 2, totalSales: 50 });

      expect((await unvoid(t.id, { reason: "refund was cancelled" })).status).toBe(200);
      expect(await stats()).toMatchObject({ revenue: 100 });
      expect(await seller()).toMatchObject({ soldTickets: 2, soldAmount: 100, cashCollected: 50 });
      const audit = await db().auditLog.findFirstOrThrow({ where: { action: "ticket.unvoid" } });
      expect(audit.before).toMatchObject({ reason: "refunded" });
      expect(audit.after).toMatchObject({ reason: "refund was cancelled" });
    },
  );
});

describe("the Voided numbers report", () => {
  it("lists voids newest first with reason in words, note, who and when, in JSON and CSV", async () => {
    const [a, b] = await createTickets(users.admin, 1, 3);
    await register(a.control_number, maria);
    await voidTicket(a.id, { reason: "duplicate_sale", note: "sold twice" });
    await voidTicket(b.id, { reason: "other", note: '=HYPERLINK("x") stub eaten' });
    const res = await callRoute(voidedRoute, { path: "/api/tickets/voided?limit=10", token: users.admin.token });
    expect(res.json.total).toBe(2);
    expect(res.json.voided.map((v: { last_5_digits: string }) => v.last_5_digits)).toEqual(["00002", "00001"]);
    expect(res.json.voided[1]).toMatchObject({
      control_number: a.control_number,
      reason: "duplicate_sale",
      reason_text: "Duplicate sale",
      note: "sold twice",
      voided_by: "admin@example.com",
      was_sold: true,
    });
    const csv = await callRoute(voidedExportRoute, { path: "/api/tickets/voided/export", token: users.admin.token });
    const lines = String(csv.json)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Number,Control Number,Reason,Note,Voided By,Voided At,Was Sold");
    expect(lines[1]).toMatch(
      new RegExp(
        `^00002,${b.control_number},Other,"'=HYPERLINK\\(""x""\\) stub ` +
          `eaten",admin@example.com,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+\\+08:00,no$`,
      ),
    );
    expect(lines[2]).toMatch(/^00001,.*,Duplicate sale,sold twice,admin@example.com,.*,yes$/);
  });
});
