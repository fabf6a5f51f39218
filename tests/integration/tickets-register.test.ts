import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { GET as statsRoute } from "@/app/api/tickets/stats/route";
import { db, dbEngine } from "@/server/db/client";
import { createSignedInUser, createTickets, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";

const maria = {
  buyerName: "Maria Clara",
  phoneNumber: "0917 123 4567",
  email: "maria@example.com",
  address: "Makati City",
};
const NOT_FOUND = "Ticket not found with the provided control number or last 5 digits";
const PLACEHOLDERS = [
  "N/A",
  "n/a",
  "Unregistered Buyer",
  "UNREGISTERED BUYER",
  "Unregistered",
  "unregistered",
  "Not registered",
  "NOT REGISTERED",
  "  Not Registered  ",
];

const users = freshAdminAndStaff();

/**
 * Holds the higher id's lock elsewhere and runs `sell` over it and a neighbour of lower id: while
 * the sale waits, the lower id must already be locked by it. Locking in its plan's order (by
 * number or stored place, up or down, as plan and statistics fall), a statement could wait on the
 * higher id holding nothing, and two over overlapping tickets read in different orders deadlocked
 * (CI: `40P01 deadlock detected` answered 500; decision 278). Ids are random: one pair whose ids
 * fall as the numbers rise and one where they rise, so whichever way a plan reads, one pair meets
 * its higher id first.
 */
async function expectLowestIdLockedFirst(
  sell: (pair: Awaited<ReturnType<typeof createTickets>>, k: number) => Promise<void>,
) {
  const tickets = await createTickets(users.admin, 1, 50);
  const falling = tickets.findIndex((t, k) => k + 1 < tickets.length && t.id > tickets[k + 1].id);
  const rising = tickets.findIndex(
    (t, k) => k + 1 < tickets.length && Math.abs(k - falling) > 1 && t.id < tickets[k + 1].id,
  );
  expect(falling).toBeGreaterThanOrEqual(0);
  expect(rising).toBeGreaterThanOrEqual(0);
  for (const [k, at] of [falling, rising].entries()) {
    const pair = [tickets[at], tickets[at + 1]];
    const [lower, higher] = [...pair].sort((a, b) => (a.id < b.id ? -1 : 1));
    let sale: Promise<void> | undefined;
    await db().$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM tickets WHERE id = ${higher.id}::uuid FOR UPDATE`;
        sale = sell(pair, k);
        sale.catch(() => {}); // awaited below, after the lock is let go
        // Until the sale waits for a lock. The registration rule's statements begin `WITH np AS (`
        // (server/tickets/registration.ts): the activity view keeps only a query's first kilobyte.
        await expect
          .poll(
            async () =>
              (
                await db().$queryRaw<{ n: number }[]>`
                  SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE wait_event_type = 'Lock' AND query LIKE '%WITH np AS (%'`
              )[0].n,
            { timeout: 10_000, interval: 20 },
          )
          .toBe(1);
        const lowerLock = db().$queryRaw`SELECT id FROM tickets WHERE id = ${lower.id}::uuid FOR UPDATE NOWAIT`;
        await expect(lowerLock, `pair ${k}: the lower id is locked while the higher is awaited`).rejects.toThrow(
          /could not obtain lock/,
        );
      },
      { timeout: 20_000 },
    );
    await sale;
    const sold = await db().ticket.count({ where: { id: { in: [lower.id, higher.id] }, registeredAt: { not: null } } });
    expect(sold).toBe(2);
  }
}

const register = (ref: string, body: unknown, token = users.staff.token) =>
  callRoute(registerRoute, {
    method: "PUT",
    path: `/api/tickets/register/${encodeURIComponent(ref)}`,
    params: { controlNumber: ref },
    body,
    token,
  });

const registerMany = (body: unknown, token = users.staff.token) =>
  callRoute(registerMultipleRoute, { method: "POST", path: "/api/tickets/register-multiple", body, token });

const stats = async () => (await callRoute(statsRoute, { path: "/api/tickets/stats", token: users.admin.token })).json;

const ticketRow = (ticketNumber: number) => db().ticket.findUniqueOrThrow({ where: { ticketNumber } });
const registerAudits = () => db().auditLog.findMany({ where: { action: "ticket.register" }, orderBy: { id: "asc" } });

/** A 400 with exactly `message`, and ticket 00001 still unregistered with no audit row. */
async function expectRefusedUnchanged(res: { status: number; json: any }, message: string) {
  expect(res.status).toBe(400);
  expect(res.json).toMatchObject({ success: false, code: "validation_failed", message });
  await expectUnregistered(1);
  expect(await registerAudits()).toHaveLength(0);
}

/** A control number for the same ticket number with other middle digits: names no ticket. */
const otherMiddle = (controlNumber: string) =>
  controlNumber.replace(/-(\d{3})-/, (_, m: string) => `-${String((Number(m) + 1) % 1000).padStart(3, "0")}-`);

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

async function expectUnregistered(ticketNumber: number) {
  const row = await ticketRow(ticketNumber);
  expect(row).toMatchObject({
    buyerName: null,
    phoneNumber: null,
    email: null,
    address: null,
    status: "active",
    registeredAt: null,
  });
}

describe("PUT /api/tickets/register/{controlNumber}", () => {
  it("registers an unregistered ticket by control number and answers {success, message, ticket}", async () => {
    const [ticket] = await createTickets(users.admin, 7, 7);
    const res = await register(ticket.control_number, maria);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["message", "success", "ticket"]);
    expect(res.json.success).toBe(true);
    expect(res.json.message).toBe("Ticket registered successfully");
    const t = res.json.ticket;
    expect(t).toMatchObject({
      id: ticket.id,
      ticket_id: ticket.id,
      control_number: ticket.control_number,
      last_5_digits: "00007",
      ticket_number: 7,
      buyer_name: "Maria Clara",
      phone_number: "9171234567",
      email: "maria@example.com",
      address: "Makati City",
      status: "registered",
      is_registered: true,
      amount: 50,
    });
    expect(new Date(t.registered_at).toISOString()).toBe(t.registered_at);
    expect(await ticketRow(7)).toMatchObject({
      buyerName: "Maria Clara",
      phoneNumber: "9171234567",
      email: "maria@example.com",
      address: "Makati City",
      status: "registered",
    });
    expect((await ticketRow(7)).registeredAt).toBeInstanceOf(Date);
  });

  it.each([
    ["the control number", (t: any) => t.control_number],
    ["the control number in lower case", (t: any) => t.control_number.toLowerCase()],
    ["the control number with surrounding spaces", (t: any) => ` ${t.control_number} `],
    ["the last 5 digits", () => "00042"],
    ["the number without leading zeros", () => "42"],
    ["the ticket id", (t: any) => t.id],
    ["the ticket id in upper case", (t: any) => t.id.toUpperCase()],
  ])("finds the ticket by %s", async (_label, refOf) => {
    const tickets = await createTickets(users.admin, 40, 44);
    const target = tickets.find((t) => t.ticket_number === 42)!;
    const res = await register(refOf(target), maria);
    expect(res.status).toBe(200);
    expect(res.json.ticket.id).toBe(target.id);
    expect((await db().ticket.findMany({ where: { registeredAt: { not: null } } })).map((t) => t.ticketNumber)).toEqual(
      [42],
    );
  });

  it.each(["09171234567", "9171234567", "+639171234567", "+63 917 123 4567", "0917-123-4567", "639171234567"])(
    "stores the phone %j as the 10 digits 9171234567",
    async (phoneNumber) => {
      await createTickets(users.admin, 1, 1);
      const res = await register("00001", { buyerName: "Maria Clara", phoneNumber });
      expect(res.status).toBe(200);
      expect(res.json.ticket.phone_number).toBe("9171234567");
      expect((await ticketRow(1)).phoneNumber).toBe("9171234567");
    },
  );

  it("leaves email and address empty when not given, and trims the buyer name", async () => {
    await createTickets(users.admin, 1, 1);
    const res = await register("1", {
      buyerName: "  Jose Rizal  ",
      phoneNumber: "09998887766",
      email: "",
      address: "   ",
    });
    expect(res.status).toBe(200);
    expect(res.json.ticket).toMatchObject({
      buyer_name: "Jose Rizal",
      phone_number: "9998887766",
      email: null,
      address: null,
      is_registered: true,
    });
  });

  it("answers 409 already_registered naming the buyer, and changes nothing", async () => {
    await createTickets(users.admin, 1, 2);
    expect((await register("00001", maria)).status).toBe(200);
    const before = await ticketRow(1);
    const res = await register(
      "00001",
      { buyerName: "Andres Bonifacio", phoneNumber: "09181112222", email: "andres@example.com", address: "Tondo" },
      users.admin.token,
    );
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: "already_registered",
      message: "Already registered to: Maria Clara",
    });
    expect(await ticketRow(1)).toEqual(before);
    expect(await registerAudits()).toHaveLength(1);
    await expectUnregistered(2);
  });

  it("treats a ticket generated with a buyer as already registered", async () => {
    const gen = await callRoute(generate, {
      method: "POST",
      path: "/api/tickets/generate",
      token: users.staff.token,
      body: { buyer_name: "Juan Dela Cruz", phone_number: "09171234567", payment_method: "cash" },
    });
    expect(gen.status).toBe(201);
    expect(gen.json.ticket.is_registered).toBe(true);
    for (const ref of [gen.json.ticket.control_number, gen.json.ticket.last_5_digits, gen.json.ticket.id]) {
      const res = await register(ref, maria);
      expect(res.status).toBe(409);
      expect(res.json).toEqual({
        success: false,
        code: "already_registered",
        message: "Already registered to: Juan Dela Cruz",
      });
    }
    expect((await ticketRow(1)).buyerName).toBe("Juan Dela Cruz");
    // Only the sale at generation: the refused attempts wrote nothing.
    expect((await registerAudits()).map((r) => (r.after as { source?: string }).source)).toEqual(["generate"]);
  });

  it("answers 404 for references that name no ticket", async () => {
    const [ticket] = await createTickets(users.admin, 1, 3);
    const refs = [
      "00099",
      "99",
      otherMiddle(ticket.control_number),
      "B2K-123-00099",
      "not-a-ticket",
      "00000",
      "0",
      "123456",
      "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99",
      "B2K-12-00001",
    ];
    for (const ref of refs) {
      const res = await register(ref, maria);
      expect(res.status, ref).toBe(404);
      expect(res.json).toEqual({ success: false, code: "not_found", message: NOT_FOUND });
    }
    expect(await registerAudits()).toHaveLength(0);
    for (const n of [1, 2, 3]) await expectUnregistered(n);
  });

  it.each([
    [{}, "Please enter Buyer Name"],
    [{ phoneNumber: "09171234567" }, "Please enter Buyer Name"],
    [{ buyerName: "", phoneNumber: "09171234567" }, "Please enter Buyer Name"],
    [{ buyerName: "   ", phoneNumber: "09171234567" }, "Please enter Buyer Name"],
    [{ buyerName: null, phoneNumber: "09171234567" }, "Please enter Buyer Name"],
    [{ buyerName: "Maria Clara" }, "Please enter Phone Number"],
    [{ buyerName: "Maria Clara", phoneNumber: "" }, "Please enter Phone Number"],
    [{ buyerName: "Maria Clara", phoneNumber: "   " }, "Please enter Phone Number"],
    [{ buyerName: "Maria Clara", phoneNumber: null }, "Please enter Phone Number"],
    [{ buyerName: "Maria Clara", phoneNumber: "0917123" }, "Must be a 10-digit number."],
    [{ buyerName: "Maria Clara", phoneNumber: "091712345678" }, "Must be a 10-digit number."],
    [{ buyerName: "Maria Clara", phoneNumber: "phone" }, "Must be a 10-digit number."],
    [{ buyerName: "Maria Clara", phoneNumber: "08171234567" }, "Must start with 9 (e.g., 917...)."],
    [{ buyerName: "Maria Clara", phoneNumber: "+63 817 123 4567" }, "Must start with 9 (e.g., 917...)."],
    [{ buyerName: "Maria Clara", phoneNumber: "09171234567", email: "maria@" }, "Enter a valid email."],
    [{ buyerName: "Maria Clara", phoneNumber: "09171234567", email: "maria@example" }, "Enter a valid email."],
    [
      { buyerName: "Maria Clara", phoneNumber: "09171234567", email: "maria clara@example.com" },
      "Enter a valid email.",
    ],
  ])("answers 400 for %j: %s", async (body, message) => {
    await createTickets(users.admin, 1, 1);
    const res = await register("00001", body);
    await expectRefusedUnchanged(res, message);
  });

  it.each(PLACEHOLDERS)("refuses the placeholder buyer name %j and leaves the ticket untouched", async (buyerName) => {
    await createTickets(users.admin, 1, 1);
    const res = await register("00001", { ...maria, buyerName });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation_failed");
    expect(res.json.message).toBe("Please enter Buyer Name");
    await expectUnregistered(1);
    expect(await registerAudits()).toHaveLength(0);
    expect(await stats()).toMatchObject({ registered_count: 0, revenue: 0 });
    // The ticket is still open for a real registration.
    expect((await register("00001", maria)).status).toBe(200);
  });

  it.each(["N/A", "Unregistered Buyer", "unregistered", "NOT REGISTERED"])(
    "registers a ticket whose stored buyer name is the placeholder %j",
    async (placeholder) => {
      const gen = await callRoute(generate, {
        method: "POST",
        path: "/api/tickets/generate",
        token: users.staff.token,
        body: { buyer_name: placeholder, payment_method: "cash" },
      });
      expect(gen.status).toBe(201);
      expect(gen.json.ticket.is_registered).toBe(false);
      expect(await stats()).toMatchObject({ total: 1, registered_count: 0, unregistered_count: 1, revenue: 0 });

      const res = await register(gen.json.ticket.control_number, maria);
      expect(res.status).toBe(200);
      expect(res.json.ticket).toMatchObject({ buyer_name: "Maria Clara", is_registered: true });
      const [audit] = await registerAudits();
      expect(audit.before).toMatchObject({ buyer_name: placeholder });
      expect(await stats()).toMatchObject({ total: 1, registered_count: 1, unregistered_count: 0, revenue: 50 });
    },
  );

  it("writes one ticket.register audit row with before and after", async () => {
    const [ticket] = await createTickets(users.admin, 5, 5);
    await register(ticket.control_number, maria);
    const rows = await registerAudits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: users.staff.user.id,
      actorEmail: "staff@example.com",
      entityType: "ticket",
      entityId: ticket.id,
    });
    expect(rows[0].before).toEqual({
      buyer_name: null,
      phone_number: null,
      email: null,
      address: null,
      status: "active",
      payment_method: "cash",
    });
    expect(rows[0].after).toMatchObject({
      buyer_name: "Maria Clara",
      phone_number: "9171234567",
      email: "maria@example.com",
      address: "Makati City",
      status: "registered",
      payment_method: "cash",
      seller_id: users.staff.user.id,
    });
  });

  it(
    "commits the registration and its audit row together: a " + "failing audit insert leaves the ticket unregistered",
    async () => {
      await createTickets(users.admin, 1, 1);
      await db().$executeRawUnsafe(
        `CREATE FUNCTION test_refuse_audit() RETURNS TRIGGER LANGUAGE plpgsql AS ` +
          `$$ BEGIN RAISE EXCEPTION 'audit refused by test'; END $$`,
      );
      await db().$executeRawUnsafe(
        `CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`,
      );
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const res = await register("00001", maria);
        expect(res.status).toBe(500);
        expect(res.json.code).toBe("internal");
        expect(logged).toHaveBeenCalled();
      } finally {
        logged.mockRestore();
        await db().$executeRawUnsafe(`DROP TRIGGER test_refuse_audit ON audit_log`);
        await db().$executeRawUnsafe(`DROP FUNCTION test_refuse_audit()`);
      }
      await expectUnregistered(1);
      expect(await stats()).toMatchObject({ registered_count: 0, revenue: 0 });
      expect((await register("00001", maria)).status).toBe(200);
    },
  );

  it("moves the stats counters: registered_count, unregistered_count and revenue at the ticket's price", async () => {
    await db().settings.update({ where: { id: 1 }, data: { ticketPrice: 75 } });
    await createTickets(users.admin, 1, 4);
    expect(await stats()).toEqual({ success: true, total: 4, registered_count: 0, unregistered_count: 4, revenue: 0 });
    await register("00001", maria);
    expect(await stats()).toEqual({ success: true, total: 4, registered_count: 1, unregistered_count: 3, revenue: 75 });
    await register("00003", maria);
    expect(await stats()).toEqual({
      success: true,
      total: 4,
      registered_count: 2,
      unregistered_count: 2,
      revenue: 150,
    });
    // Refusals move nothing.
    await register("00003", maria);
    await register("00004", { buyerName: "Maria Clara" });
    await register("00099", maria);
    expect(await stats()).toEqual({
      success: true,
      total: 4,
      registered_count: 2,
      unregistered_count: 2,
      revenue: 150,
    });
  });

  it("needs a signed-in user", async () => {
    await createTickets(users.admin, 1, 1);
    const res = await callRoute(registerRoute, {
      method: "PUT",
      path: "/api/tickets/register/00001",
      params: { controlNumber: "00001" },
      body: maria,
    });
    expect(res.status).toBe(401);
    await expectUnregistered(1);
  });
});

describe("POST /api/tickets/register-multiple", () => {
  it("registers tickets named by id, control number and number, answering the spec's shape", async () => {
    const tickets = await createTickets(users.admin, 1, 6);
    const byNumber = (n: number) => tickets.find((t) => t.ticket_number === n)!;
    const res = await registerMany({
      ...maria,
      ticketIds: [byNumber(5).id, byNumber(2).control_number.toLowerCase(), "00003", 6],
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual([
      "errors",
      "message",
      "registeredCount",
      "registeredTickets",
      "success",
      "totalRequested",
    ]);
    expect(res.json).toMatchObject({
      success: true,
      message: "Successfully registered 4 tickets",
      totalRequested: 4,
      registeredCount: 4,
      errors: [],
    });
    expect(res.json.registeredTickets.map((t: any) => t.ticket_number)).toEqual([2, 3, 5, 6]);
    for (const t of res.json.registeredTickets) {
      expect(t).toMatchObject({
        buyer_name: "Maria Clara",
        phone_number: "9171234567",
        email: "maria@example.com",
        address: "Makati City",
        status: "registered",
        is_registered: true,
      });
    }
    const registered = await db().ticket.findMany({
      where: { registeredAt: { not: null } },
      orderBy: { ticketNumber: "asc" },
    });
    expect(registered.map((t) => t.ticketNumber)).toEqual([2, 3, 5, 6]);
    for (const n of [1, 4]) await expectUnregistered(n);
  });

  it("says 'ticket' for one", async () => {
    await createTickets(users.admin, 1, 1);
    const res = await registerMany({ ...maria, ticketIds: ["1"] });
    expect(res.json).toMatchObject({
      success: true,
      message: "Successfully registered 1 ticket",
      totalRequested: 1,
      registeredCount: 1,
      errors: [],
    });
  });

  it("counts references to the same ticket once", async () => {
    const tickets = await createTickets(users.admin, 1, 3);
    const t3 = tickets[2];
    const res = await registerMany({
      ...maria,
      ticketIds: [
        "00003",
        "3",
        3,
        t3.control_number,
        t3.control_number.toLowerCase(),
        t3.id,
        t3.id.toUpperCase(),
        " 00003 ",
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: "Successfully registered 1 ticket",
      totalRequested: 1,
      registeredCount: 1,
      errors: [],
    });
    expect(res.json.registeredTickets).toHaveLength(1);
    expect(await registerAudits()).toHaveLength(1);
  });

  it("lists an error line for each already registered or unknown ticket, and registers the rest", async () => {
    const tickets = await createTickets(users.admin, 1, 4);
    const byNumber = (n: number) => tickets.find((t) => t.ticket_number === n)!;
    await register("00002", { buyerName: "Andres Bonifacio", phoneNumber: "09181112222" });
    const wrongMiddle = otherMiddle(byNumber(3).control_number);
    const res = await registerMany({
      ...maria,
      ticketIds: [byNumber(1).control_number, "00002", "00099", "nonsense", wrongMiddle, byNumber(4).id, "99", 99],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: "Successfully registered 2 tickets",
      totalRequested: 6,
      registeredCount: 2,
    });
    expect(res.json.registeredTickets.map((t: any) => t.ticket_number)).toEqual([1, 4]);
    expect([...res.json.errors].sort()).toEqual(
      [
        `Ticket ${byNumber(2).control_number}: Already registered to: Andres Bonifacio`,
        "Ticket 00099: Ticket not found",
        "Ticket nonsense: Ticket not found",
        `Ticket ${wrongMiddle}: Ticket not found`,
      ].sort(),
    );
    expect((await ticketRow(2)).buyerName).toBe("Andres Bonifacio");
    await expectUnregistered(3);
  });

  it("reports failure when nothing could be registered", async () => {
    await createTickets(users.admin, 1, 1);
    await register("00001", { buyerName: "Andres Bonifacio", phoneNumber: "09181112222" });
    const res = await registerMany({ ...maria, ticketIds: ["00001", "00050"] });
    expect(res.status).toBe(200);
    const control = (await ticketRow(1)).controlNumber;
    expect(res.json).toEqual({
      success: false,
      message: "No tickets were registered",
      totalRequested: 2,
      registeredCount: 0,
      registeredTickets: [],
      errors: expect.arrayContaining([
        `Ticket ${control}: Already registered to: Andres Bonifacio`,
        "Ticket 00050: Ticket not found",
      ]),
    });
    expect(res.json.errors).toHaveLength(2);
    expect((await ticketRow(1)).buyerName).toBe("Andres Bonifacio");
  });

  it("registers up to 100 tickets at once, with one audit row each", async () => {
    await createTickets(users.admin, 1, 100);
    const res = await registerMany({ ...maria, ticketIds: Array.from({ length: 100 }, (_, i) => i + 1) });
    expect(res.json).toMatchObject({
      success: true,
      message: "Successfully registered 100 tickets",
      totalRequested: 100,
      registeredCount: 100,
      errors: [],
    });
    const rows = await registerAudits();
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((r) => r.entityId)).size).toBe(100);
    expect(rows[0]).toMatchObject({
      actorId: users.staff.user.id,
      actorEmail: "staff@example.com",
      entityType: "ticket",
    });
    expect(rows[0].before).toEqual({
      buyer_name: null,
      phone_number: null,
      email: null,
      address: null,
      status: "active",
      payment_method: "cash",
    });
    expect(rows[0].after).toMatchObject({
      buyer_name: "Maria Clara",
      phone_number: "9171234567",
      email: "maria@example.com",
      address: "Makati City",
      status: "registered",
      payment_method: "cash",
      seller_id: users.staff.user.id,
    });
    expect(await stats()).toEqual({
      success: true,
      total: 100,
      registered_count: 100,
      unregistered_count: 0,
      revenue: 5000,
    });
  });

  it.each<[unknown, string]>([
    [{ ...maria, ticketIds: [] }, "Please select at least one ticket"],
    [maria, "Please select at least one ticket"],
    [{ ...maria, ticketIds: null }, "Please select at least one ticket"],
    [{ ...maria, ticketIds: "00001" }, "Please select at least one ticket"],
    [
      { ...maria, ticketIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      "At most 100 tickets can be registered at once",
    ],
    [{ ...maria, ticketIds: [""] }, "Please enter a control number"],
    [{ ...maria, ticketIds: ["00001", "   "] }, "Please enter a control number"],
    [{ phoneNumber: "09171234567", ticketIds: ["00001"] }, "Please enter Buyer Name"],
    [{ buyerName: " ", phoneNumber: "09171234567", ticketIds: ["00001"] }, "Please enter Buyer Name"],
    [{ buyerName: "Maria Clara", ticketIds: ["00001"] }, "Please enter Phone Number"],
    [{ buyerName: "Maria Clara", phoneNumber: "0917123", ticketIds: ["00001"] }, "Must be a 10-digit number."],
    [
      { buyerName: "Maria Clara", phoneNumber: "08171234567", ticketIds: ["00001"] },
      "Must start with 9 (e.g., 917...).",
    ],
    [{ ...maria, email: "maria@", ticketIds: ["00001"] }, "Enter a valid email."],
    ...PLACEHOLDERS.map((buyerName): [unknown, string] => [
      { ...maria, buyerName, ticketIds: ["00001"] },
      "Please enter Buyer Name",
    ]),
  ])("answers 400 for %j: %s", async (body, message) => {
    await createTickets(users.admin, 1, 1);
    const res = await registerMany(body);
    await expectRefusedUnchanged(res, message);
  });

  it("moves the stats counters by the tickets registered", async () => {
    await createTickets(users.admin, 1, 5);
    await registerMany({ ...maria, ticketIds: ["1", "2", "3", "00099"] });
    expect(await stats()).toEqual({
      success: true,
      total: 5,
      registered_count: 3,
      unregistered_count: 2,
      revenue: 150,
    });
    await registerMany({ ...maria, ticketIds: ["1", "2"] });
    expect(await stats()).toEqual({
      success: true,
      total: 5,
      registered_count: 3,
      unregistered_count: 2,
      revenue: 150,
    });
  });
});

describe("concurrent registration", { tags: ["sql"] }, () => {
  it(
    "20 simultaneous registrations of one ticket: one 200, " + "nineteen 409s, the winner's buyer kept, one audit row",
    async () => {
      const [ticket] = await createTickets(users.admin, 1, 1);
      const sellers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => createSignedInUser({ displayName: `Clerk ${i}` })),
      );
      const names = sellers.map((_, i) => `Buyer Number ${i}`);
      // Every way of naming the ticket must meet the same register-once rule.
      const refs = [ticket.control_number, ticket.control_number.toLowerCase(), "00001", "1", ticket.id];
      const results = await Promise.all(
        sellers.map((u, i) =>
          register(
            refs[i % refs.length],
            { buyerName: names[i], phoneNumber: `0917${String(i).padStart(7, "0")}` },
            u.token,
          ),
        ),
      );
      const winners = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
      expect(winners).toHaveLength(1);
      const w = winners[0];
      expect(results.filter((r) => r.status === 409)).toHaveLength(19);
      for (const [i, r] of results.entries()) {
        if (i === w) continue;
        expect(r.json).toEqual({
          success: false,
          code: "already_registered",
          message: `Already registered to: ${names[w]}`,
        });
      }
      expect(results[w].json.ticket.buyer_name).toBe(names[w]);
      expect(await ticketRow(1)).toMatchObject({
        buyerName: names[w],
        phoneNumber: `917${String(w).padStart(7, "0")}`,
        status: "registered",
      });
      const audits = await registerAudits();
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorId: sellers[w].user.id, entityId: ticket.id });
      expect(audits[0].after).toMatchObject({ buyer_name: names[w] });
      expect(await stats()).toMatchObject({ registered_count: 1, revenue: 50 });
    },
  );

  it(
    "register-multiple and single registrations racing on " + "overlapping tickets register each ticket exactly once",
    async () => {
      const tickets = await createTickets(users.admin, 1, 30);
      const byNumber = new Map(tickets.map((t) => [t.ticket_number as number, t]));
      const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
      const groups = [
        range(1, 15),
        range(8, 22),
        range(15, 30),
        range(1, 30).filter((n) => n % 2 === 1),
        range(10, 20),
      ];
      const singles = shuffle(range(1, 30));
      const sellers = await Promise.all(
        Array.from({ length: groups.length + singles.length }, (_, i) =>
          createSignedInUser({ displayName: `Racer ${i}` }),
        ),
      );

      type Outcome =
        | {
            kind: "many";
            buyer: string;
            actor: string;
            numbers: number[];
            res: Awaited<ReturnType<typeof registerMany>>;
          }
        | { kind: "single"; buyer: string; actor: string; number: number; res: Awaited<ReturnType<typeof register>> };
      const refFor = (n: number, k: number) =>
        [byNumber.get(n)!.id, byNumber.get(n)!.control_number, byNumber.get(n)!.last_5_digits, n][k % 4];
      const manyCalls = groups.map((numbers, g) => (): Promise<Outcome> => {
        const buyer = `Group Buyer ${g}`;
        const body = {
          buyerName: buyer,
          phoneNumber: `0918${String(g).padStart(7, "0")}`,
          ticketIds: shuffle(numbers).map((n, k) => refFor(n, k + g)),
        };
        return registerMany(body, sellers[g].token).then((res) => ({
          kind: "many",
          buyer,
          actor: sellers[g].user.id,
          numbers,
          res,
        }));
      });
      const singleCalls = singles.map((n, i) => (): Promise<Outcome> => {
        const u = sellers[groups.length + i];
        const buyer = `Single Buyer ${i}`;
        return register(
          String(refFor(n, i)),
          { buyerName: buyer, phoneNumber: `0917${String(i).padStart(7, "0")}` },
          u.token,
        ).then((res) => ({
          kind: "single",
          buyer,
          actor: u.user.id,
          number: n,
          res,
        }));
      });
      // Interleave so group and single requests start mixed together.
      const calls: (() => Promise<Outcome>)[] = [];
      for (let i = 0; i < singleCalls.length; i++) {
        calls.push(singleCalls[i]);
        if (i % 6 === 0 && manyCalls[i / 6]) calls.push(manyCalls[i / 6]);
      }
      expect(calls).toHaveLength(35);
      const outcomes = await Promise.all(calls.map((call) => call()));

      // Who won each ticket, according to the answers; a ticket claimed twice is a failure.
      const winner = new Map<number, { buyer: string; actor: string }>();
      const claim = (n: number, o: Outcome) => {
        expect(winner.has(n), `ticket ${n} registered twice`).toBe(false);
        winner.set(n, { buyer: o.buyer, actor: o.actor });
      };
      for (const o of outcomes) {
        if (o.kind === "single") {
          expect([200, 409]).toContain(o.res.status);
          if (o.res.status === 200) claim(o.number, o);
        } else {
          expect(o.res.status).toBe(200);
          for (const t of o.res.json.registeredTickets) claim(t.ticket_number, o);
        }
      }
      expect([...winner.keys()].sort((a, b) => a - b)).toEqual(range(1, 30));

      // The table agrees with the answers: the winner's buyer is stored, never overwritten.
      const rows = await db().ticket.findMany({ orderBy: { ticketNumber: "asc" } });
      for (const row of rows) {
        expect(row.buyerName).toBe(winner.get(row.ticketNumber)!.buyer);
        expect(row.registeredAt).not.toBeNull();
      }

      // Every loser was told who holds the ticket.
      for (const o of outcomes) {
        if (o.kind === "single" && o.res.status === 409) {
          expect(o.res.json).toEqual({
            success: false,
            code: "already_registered",
            message: `Already registered to: ${winner.get(o.number)!.buyer}`,
          });
        }
        if (o.kind === "many") {
          const won = new Set(o.res.json.registeredTickets.map((t: any) => t.ticket_number));
          const lost = o.numbers.filter((n) => !won.has(n));
          expect([...o.res.json.errors].sort()).toEqual(
            lost
              .map((n) => `Ticket ${byNumber.get(n)!.control_number}: Already registered to: ${winner.get(n)!.buyer}`)
              .sort(),
          );
          expect(o.res.json.totalRequested).toBe(o.numbers.length);
          expect(o.res.json.registeredCount).toBe(won.size);
        }
      }

      // One audit row per ticket, by the winner.
      const audits = await registerAudits();
      expect(audits).toHaveLength(30);
      for (const a of audits) {
        const n = tickets.find((t) => t.id === a.entityId)!.ticket_number;
        expect(a.actorId).toBe(winner.get(n)!.actor);
        expect(a.after).toMatchObject({ buyer_name: winner.get(n)!.buyer });
        expect(a.before).toMatchObject({ buyer_name: null });
      }
      expect(await stats()).toEqual({
        success: true,
        total: 30,
        registered_count: 30,
        unregistered_count: 0,
        revenue: 1500,
      });
    },
  );

  it.skipIf(dbEngine() !== "postgresql")(
    "register-multiple locks its tickets lowest id first, whatever order its plan reads them in " +
      "(two overlapping registrations wait in one order and never deadlock)",
    async () => {
      await expectLowestIdLockedFirst(async (pair, k) => {
        const res = await registerMany({
          buyerName: `Pair Buyer ${k}`,
          phoneNumber: "09171110001",
          ticketIds: pair.map((t) => t.control_number),
        });
        expect(res.status).toBe(200);
        expect(res.json.registeredCount).toBe(2);
      });
    },
  );

  it.skipIf(dbEngine() !== "postgresql")(
    "an import selling existing tickets locks them lowest id first too (a batch never deadlocks with a seller)",
    async () => {
      await expectLowestIdLockedFirst(async (pair, k) => {
        const csv =
          "Last 5 Digits,Buyer Name,Phone Number\r\n" +
          pair.map((t) => `${t.last_5_digits},Import Buyer ${k},09171110002\r\n`).join("");
        const req = new NextRequest(new URL("/api/tickets/import?importedBy=admin%40example.com", TEST_ORIGIN), {
          method: "POST",
          headers: { "content-type": "text/csv", host: "localhost:3000", authorization: `Bearer ${users.admin.token}` },
          body: csv,
        });
        const res = await importRoute(req, { params: Promise.resolve({}) });
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ success: true });
      });
    },
  );
});
