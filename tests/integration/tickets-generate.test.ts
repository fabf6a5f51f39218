import { describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { POST as mobileGenerate } from "@/app/api/tickets/mobile/generate/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { setTicketLimit, ticketNumbers } from "@/tests/helpers/tickets";

const buyer = { buyer_name: "Juan Dela Cruz", phone_number: "0917 123 4567", payment_method: "Cash" };

const users = freshAdminAndStaff();

const post = (body: unknown, token = users.staff.token, handler = generate) =>
  callRoute(handler, { method: "POST", path: "/api/tickets/generate", body, token });

describe("POST /api/tickets/generate", () => {
  it("creates one registered ticket with the lowest number, priced from the settings", async () => {
    await db().settings.update({ where: { id: 1 }, data: { ticketPrice: 75, ticketPrefix: "B2K" } });
    const res = await post({ ...buyer, amount: 1, email: "juan@example.com", address: "Quezon City" });
    expect(res.status).toBe(201);
    expect(res.json.success).toBe(true);
    expect(res.json.message).toBe("Ticket generated successfully");
    const t = res.json.ticket;
    expect(t.control_number).toMatch(/^B2K-\d{3}-00001$/);
    expect(t).toMatchObject({
      ticket_id: t.id,
      last_5_digits: "00001",
      buyer_name: "Juan Dela Cruz",
      phone_number: "9171234567",
      email: "juan@example.com",
      address: "Quezon City",
      payment_method: "cash",
      status: "active",
      amount: 75,
      creator_email: "staff@example.com",
      creator_name: "Sam Staff",
      created_by_id: users.staff.user.id,
      creation_source: "web",
      event_name: "Batch 2000 Raffle",
      is_registered: true,
    });
    expect(t.payment_reference).toMatch(/^CASH_PAYMENT_\d+$/);
    expect(t.user_id).toMatch(/^web-admin-\d+$/);
    expect(new Date(t.created_at).toISOString()).toBe(t.created_at);
  });

  it("creates several tickets in one go, with REF_ references for non-cash payments", async () => {
    const res = await post({ ...buyer, payment_method: "bank_transfer", quantity: 3, user_id: "staff-7" });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe("3 tickets generated successfully");
    expect(res.json.count).toBe(3);
    expect(res.json.tickets.map((t: any) => t.last_5_digits)).toEqual(["00001", "00002", "00003"]);
    expect(res.json.tickets[0].payment_reference).toMatch(/^REF_\d+$/);
    expect(res.json.tickets[0].user_id).toBe("staff-7");
  });

  it(
    "keeps a given payment reference, and the gcash reference in " +
      "its normalized form on the ticket and its payment",
    async () => {
      const res = await post({
        ...buyer,
        payment_method: "GCash",
        gcash_reference: "GC-123",
        payment_reference: "MY-REF",
      });
      expect(res.json.ticket).toMatchObject({
        payment_method: "gcash",
        gcash_reference: "GC123",
        payment_reference: "MY-REF",
      });
      expect(res.json.ticket.payment).toMatchObject({
        method: "gcash",
        reference: "GC-123",
        reference_normalized: "GC123",
        amount_expected: "50.00",
      });
    },
  );

  it("marks tickets from the mobile route as app-created", async () => {
    const res = await post(buyer, users.staff.token, mobileGenerate);
    expect(res.status).toBe(201);
    expect(res.json.ticket.creation_source).toBe("app");
  });

  it("fills gaps first: the lowest free numbers", async () => {
    await post({ ...buyer, customLastDigits: "00002" });
    await post({ ...buyer, customLastDigits: "00005" });
    const res = await post({ ...buyer, quantity: 4 });
    expect(res.json.tickets.map((t: any) => t.last_5_digits)).toEqual(["00001", "00003", "00004", "00006"]);
  });

  it("uses custom middle and last digits", async () => {
    const res = await post({ ...buyer, customMiddleDigits: "777", customLastDigits: "01234" });
    expect(res.status).toBe(201);
    expect(res.json.ticket.control_number).toBe("B2K-777-01234");
    const middleOnly = await post({ ...buyer, customMiddleDigits: "042" });
    expect(middleOnly.json.ticket.control_number).toBe("B2K-042-00001");
  });

  it("answers 409 naming the ticket that holds a taken custom number", async () => {
    const first = await post({ ...buyer, customLastDigits: "00042" });
    const res = await post({ ...buyer, customLastDigits: "00042" });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: "conflict",
      message: `Ticket number 00042 is already taken by ticket ${first.json.ticket.control_number}.`,
    });
  });

  it("refuses a custom number above the limit", async () => {
    await setTicketLimit(100);
    const res = await post({ ...buyer, customLastDigits: "00101" });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Ticket number must be between 00001 and 00100.");
    expect((await post({ ...buyer, customLastDigits: "00000" })).json.message).toBe(
      "Ticket number must be between 00001 and 00100.",
    );
  });

  it("answers 409 limit_reached and creates nothing when not enough numbers are free", async () => {
    await setTicketLimit(5);
    expect((await post({ ...buyer, quantity: 3 })).status).toBe(201);
    const res = await post({ ...buyer, quantity: 3 });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: "limit_reached",
      message: "Ticket limit reached: the maximum of 5 tickets allows only 2 more tickets.",
    });
    expect(await ticketNumbers()).toEqual([1, 2, 3]);
    expect((await post({ ...buyer, quantity: 2 })).status).toBe(201);
    const full = await post(buyer);
    expect(full.json.message).toBe("Ticket limit reached: the maximum of 5 tickets allows no more tickets.");
    expect(await db().ticket.count()).toBe(5);
  });

  it(
    "writes a generate and a register audit row per ticket (a sale " +
      "at generation goes through the registration rule)",
    async () => {
      const res = await post({ ...buyer, quantity: 2 });
      const rows = await db().auditLog.findMany({ where: { action: "ticket.generate" }, orderBy: { id: "asc" } });
      expect(rows).toHaveLength(2);
      expect(rows.map((r) => r.entityId)).toEqual(res.json.tickets.map((t: any) => t.id));
      expect(rows[0]).toMatchObject({
        actorId: users.staff.user.id,
        actorEmail: "staff@example.com",
        entityType: "ticket",
        before: null,
      });
      expect(rows[0].after).toMatchObject({ ticket_number: 1 });
      const sales = await db().auditLog.findMany({ where: { action: "ticket.register" }, orderBy: { id: "asc" } });
      expect(sales.map((r) => r.entityId).sort()).toEqual(res.json.tickets.map((t: any) => t.id).sort());
      expect(sales[0].after).toMatchObject({
        buyer_name: "Juan Dela Cruz",
        source: "generate",
        seller_id: users.staff.user.id,
      });
      expect(res.json.tickets[0].payment_id).toBe(res.json.tickets[1].payment_id);
    },
  );

  it.each([
    [{}, "Buyer name is required."],
    [{ ...buyer, buyer_name: "Al" }, "Name must be at least 3 characters."],
    [{ ...buyer, phone_number: "0917123" }, "Must be a 10-digit number."],
    [{ ...buyer, phone_number: "0817 123 4567" }, "Must start with 9 (e.g., 917...)."],
    [{ ...buyer, email: "juan@" }, "Enter a valid email."],
    [{ ...buyer, quantity: 101 }, "Number of tickets must be between 1 and 100."],
    [{ ...buyer, quantity: 0 }, "Number of tickets must be between 1 and 100."],
    [
      { ...buyer, quantity: 2, customLastDigits: "00007" },
      "Custom ticket numbers can only be used when generating 1 ticket.",
    ],
    [{ ...buyer, customMiddleDigits: "1234" }, "Middle digits must be exactly 3 digits."],
    [{ ...buyer, customLastDigits: "123" }, "Last digits must be exactly 5 digits."],
    [{ ...buyer, payment_method: "gcash" }, "GCash reference is required for GCash payments"],
  ])("answers 400 for %j: %s", async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation_failed");
    expect(res.json.message).toBe(message);
    expect(await db().ticket.count()).toBe(0);
  });

  it("needs a signed-in user", async () => {
    const res = await callRoute(generate, { method: "POST", path: "/api/tickets/generate", body: buyer });
    expect(res.status).toBe(401);
  });
});

describe("concurrent allocation", { tags: ["sql"] }, () => {
  it("50 simultaneous requests of 2 tickets get 100 distinct numbers", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => post({ ...buyer, quantity: 2 })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = results.flatMap((r) => r.json.tickets.map((t: any) => t.ticket_number));
    expect(new Set(numbers).size).toBe(100);
    expect(await ticketNumbers()).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it("mixed generate, custom number and custom range requests never share a number or fail with 5xx", async () => {
    const requests = [
      ...Array.from({ length: 10 }, () => post({ ...buyer, quantity: 3 })),
      ...Array.from({ length: 6 }, (_, i) =>
        post({ ...buyer, customLastDigits: String(20 + (i % 3)).padStart(5, "0") }),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        callRoute(customRange, {
          method: "POST",
          path: "/api/tickets/admin/generate-custom-range",
          token: users.admin.token,
          body: { startRange: 10 + i * 5, endRange: 30 + i * 5, userId: "admin@example.com" },
        }),
      ),
    ];
    const results = await Promise.all(requests);
    for (const r of results) expect([201, 409]).toContain(r.status);
    const numbers = await ticketNumbers();
    expect(new Set(numbers).size).toBe(numbers.length);
    // Custom numbers 20, 21, 22 were each asked twice: at most one success each, the rest a 409.
    const customResults = results.slice(10, 16);
    for (const n of [20, 21, 22]) {
      const asks = customResults.filter((_, i) => 20 + (i % 3) === n);
      expect(asks.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    }
    // Every success is accounted for in the table: nothing lost, nothing extra.
    const created = results.reduce(
      (sum, r) =>
        sum +
        (r.status !== 201 ? 0 : r.json.stats ? r.json.stats.generated : r.json.tickets ? r.json.tickets.length : 1),
      0,
    );
    expect(numbers.length).toBe(created);
  });

  it(
    "exhausting the limit under concurrency: successes fill it " + "exactly, the rest get 409, nothing partial",
    async () => {
      await setTicketLimit(25);
      const results = await Promise.all(Array.from({ length: 12 }, () => post({ ...buyer, quantity: 3 })));
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      expect(ok).toHaveLength(8);
      expect(refused).toHaveLength(4);
      for (const r of refused) expect(r.json.code).toBe("limit_reached");
      expect(await ticketNumbers()).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    },
  );
});
