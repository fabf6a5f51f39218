import { describe, expect, it } from "vitest";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { GET as findRangeRoute } from "@/app/api/tickets/find-available-range/[n]/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { GET as statsRoute } from "@/app/api/tickets/stats/route";
import { GET as getTicketRoute } from "@/app/api/tickets/[id]/route";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { setTicketLimit, span, ticketNumbers } from "@/tests/helpers/tickets";

const buyer = { buyer_name: "Juan Dela Cruz", phone_number: "0917 123 4567", payment_method: "Cash" };
const BAD_COUNT = "Count must be a whole number from 1 to 10,000";

const users = freshAdminAndStaff();

const postRange = (body: unknown, token = users.admin.token) =>
  callRoute(customRange, { method: "POST", path: "/api/tickets/admin/generate-custom-range", body, token });

const rangeOf = (startRange: number, endRange: number) =>
  postRange({ startRange, endRange, userId: "admin@example.com" });

const postGenerate = (body: unknown) =>
  callRoute(generate, { method: "POST", path: "/api/tickets/generate", body, token: users.staff.token });

const findRange = (n: string, token = users.admin.token) =>
  callRoute(findRangeRoute, {
    path: `/api/tickets/find-available-range/${encodeURIComponent(n)}`,
    params: { n },
    token,
  });

const stats = async () => (await callRoute(statsRoute, { path: "/api/tickets/stats", token: users.admin.token })).json;
const numbersOf = (res: { json: any }) => res.json.tickets.map((t: any) => t.ticket_number as number);

describe("POST /api/tickets/admin/generate-custom-range", () => {
  it("answers each created ticket exactly as the database holds it", async () => {
    await db().settings.update({ where: { id: 1 }, data: { ticketPrice: 62.5, ticketPrefix: "RFL" } });
    const res = await rangeOf(7, 9);
    expect(res.status).toBe(201);
    for (const ticket of res.json.tickets) {
      const stored = await callRoute(getTicketRoute, {
        path: `/api/tickets/${ticket.id}`,
        params: { id: ticket.id },
        token: users.admin.token,
      });
      expect(ticket).toEqual(stored.json.ticket);
    }
  });

  it("creates unregistered tickets for every number of the range, answering the spec's result shape", async () => {
    const res = await rangeOf(1, 5);
    expect(res.status).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(["errors", "message", "skipped", "stats", "success", "tickets"]);
    expect(res.json).toMatchObject({
      success: true,
      message: "Generated 5 tickets",
      stats: { generated: 5, skipped: 0, failed: 0, requested: 5, startRange: 1, endRange: 5 },
      skipped: [],
      errors: [],
    });
    expect(numbersOf(res)).toEqual([1, 2, 3, 4, 5]);
    for (const t of res.json.tickets) {
      expect(t.control_number).toMatch(new RegExp(`^B2K-\\d{3}-${t.last_5_digits}$`));
      expect(t).toMatchObject({
        buyer_name: null,
        phone_number: null,
        email: null,
        address: null,
        status: "active",
        is_registered: false,
        registered_at: null,
        amount: 50,
        payment_method: "cash",
        user_id: "admin@example.com",
        created_by_id: users.admin.user.id,
        creator_email: "admin@example.com",
        creator_name: "Ada Admin",
        creation_source: "web",
      });
    }
    expect(await db().ticket.count({ where: { registeredAt: null, buyerName: null } })).toBe(5);
    expect(await stats()).toEqual({ success: true, total: 5, registered_count: 0, unregistered_count: 5, revenue: 0 });
  });

  it("accepts numeric strings, as the form sends them, and uses the prefix and price of the settings", async () => {
    await db().settings.update({ where: { id: 1 }, data: { ticketPrefix: "RAF", ticketPrice: 75 } });
    const res = await postRange({ startRange: "10", endRange: " 12 ", userId: "  someone@example.com  " });
    expect(res.status).toBe(201);
    expect(res.json.stats).toEqual({ generated: 3, skipped: 0, failed: 0, requested: 3, startRange: 10, endRange: 12 });
    expect(res.json.tickets.map((t: any) => t.control_number)).toEqual([
      expect.stringMatching(/^RAF-\d{3}-00010$/),
      expect.stringMatching(/^RAF-\d{3}-00011$/),
      expect.stringMatching(/^RAF-\d{3}-00012$/),
    ]);
    expect(res.json.tickets[0]).toMatchObject({ amount: 75, user_id: "someone@example.com" });
  });

  it("skips taken numbers, lists them, and leaves their tickets alone", async () => {
    const held = await postGenerate({ ...buyer, customLastDigits: "00003" });
    await rangeOf(5, 5);
    const res = await rangeOf(1, 6);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      success: true,
      message: "Generated 4 tickets, skipped 2 already taken",
      stats: { generated: 4, skipped: 2, failed: 0, requested: 6, startRange: 1, endRange: 6 },
      skipped: [3, 5],
      errors: [],
    });
    expect(numbersOf(res)).toEqual([1, 2, 4, 6]);
    expect(await ticketNumbers()).toEqual([1, 2, 3, 4, 5, 6]);
    const three = await db().ticket.findUniqueOrThrow({ where: { ticketNumber: 3 } });
    expect(three).toMatchObject({
      id: held.json.ticket.id,
      controlNumber: held.json.ticket.control_number,
      buyerName: "Juan Dela Cruz",
    });
    expect(three.registeredAt).not.toBeNull();
  });

  it("creates nothing when every number is taken", async () => {
    await rangeOf(1, 3);
    const res = await rangeOf(1, 3);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      success: true,
      message: "Generated 0 tickets, skipped 3 already taken",
      stats: { generated: 0, skipped: 3, failed: 0, requested: 3, startRange: 1, endRange: 3 },
      tickets: [],
      skipped: [1, 2, 3],
      errors: [],
    });
    expect(await db().ticket.count()).toBe(3);
  });

  it("reports numbers above the max_ticket_limit setting in errors", async () => {
    await setTicketLimit(100);
    await rangeOf(97, 97);
    const res = await rangeOf(95, 102);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      success: true,
      message: "Generated 5 tickets, skipped 1 already taken, 2 failed",
      stats: { generated: 5, skipped: 1, failed: 2, requested: 8, startRange: 95, endRange: 102 },
      skipped: [97],
      errors: [
        { number: 101, error: "Above the maximum ticket limit (100)" },
        { number: 102, error: "Above the maximum ticket limit (100)" },
      ],
    });
    expect(numbersOf(res)).toEqual([95, 96, 98, 99, 100]);
    expect(await ticketNumbers()).toEqual([95, 96, 97, 98, 99, 100]);
  });

  it("reports numbers past 5 digits in errors, even when the limit is higher", async () => {
    await setTicketLimit(999_999);
    const res = await rangeOf(99_998, 100_001);
    expect(res.json).toMatchObject({
      message: "Generated 2 tickets, 2 failed",
      stats: { generated: 2, skipped: 0, failed: 2, requested: 4, startRange: 99_998, endRange: 100_001 },
      skipped: [],
      errors: [
        { number: 100_000, error: "Ticket numbers have 5 digits (maximum 99999)" },
        { number: 100_001, error: "Ticket numbers have 5 digits (maximum 99999)" },
      ],
    });
    expect(await ticketNumbers()).toEqual([99_998, 99_999]);
  });

  it("answers a range far above any ticket number with errors, not a server error", async () => {
    const start = 1_000_000_000_000;
    const res = await rangeOf(start, start + 2);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      message: "Generated 0 tickets, 3 failed",
      stats: { generated: 0, skipped: 0, failed: 3, requested: 3, startRange: start, endRange: start + 2 },
      tickets: [],
      skipped: [],
      errors: [0, 1, 2].map((i) => ({ number: start + i, error: "Ticket numbers have 5 digits (maximum 99999)" })),
    });
    expect(await db().ticket.count()).toBe(0);
  });

  it("writes one audit row naming the numbers created and skipped", async () => {
    await rangeOf(3, 3);
    await rangeOf(5, 5);
    await rangeOf(1, 6);
    const rows = await db().auditLog.findMany({ where: { action: "ticket.custom_range" }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      actorId: users.admin.user.id,
      actorEmail: "admin@example.com",
      entityType: "ticket_range",
      entityId: "1-6",
      before: null,
    });
    expect(rows[2].after).toEqual({
      userId: "admin@example.com",
      created: [
        [1, 2],
        [4, 4],
        [6, 6],
      ],
      skipped: [
        [3, 3],
        [5, 5],
      ],
    });
  });

  it.each([
    [{}, "Start range is required"],
    [{ endRange: 5, userId: "a@example.com" }, "Start range is required"],
    [{ startRange: "", endRange: 5, userId: "a@example.com" }, "Start range is required"],
    [{ startRange: null, endRange: 5, userId: "a@example.com" }, "Start range is required"],
    [{ startRange: 0, endRange: 5, userId: "a@example.com" }, "Start range must be a positive number"],
    [{ startRange: -3, endRange: 5, userId: "a@example.com" }, "Start range must be a positive number"],
    [{ startRange: 1.5, endRange: 5, userId: "a@example.com" }, "Start range must be a positive number"],
    [{ startRange: "abc", endRange: 5, userId: "a@example.com" }, "Start range must be a positive number"],
    [{ startRange: "0", endRange: 5, userId: "a@example.com" }, "Start range must be a positive number"],
    [{ startRange: 1, userId: "a@example.com" }, "End range is required"],
    [{ startRange: 1, endRange: 0, userId: "a@example.com" }, "End range must be a positive number"],
    [
      { startRange: 10, endRange: 5, userId: "a@example.com" },
      "End range must be greater than or equal to start range",
    ],
    [
      { startRange: "10", endRange: "9", userId: "a@example.com" },
      "End range must be greater than or equal to start range",
    ],
    [{ startRange: 1, endRange: 5 }, "User ID is required"],
    [{ startRange: 1, endRange: 5, userId: "" }, "User ID is required"],
    [{ startRange: 1, endRange: 5, userId: "   " }, "User ID is required"],
    [{ startRange: 1, endRange: 5, userId: null }, "User ID is required"],
    [{ startRange: 1, endRange: 10_001, userId: "a@example.com" }, "Maximum 10,000 tickets can be generated at once"],
    [
      { startRange: 50_001, endRange: 60_001, userId: "a@example.com" },
      "Maximum 10,000 tickets can be generated at once",
    ],
  ])("answers 400 for %j: %s", async (body, message) => {
    const res = await postRange(body);
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.code).toBe("validation_failed");
    expect(res.json.message).toBe(message);
    expect(await db().ticket.count()).toBe(0);
    expect(await db().auditLog.count()).toBe(0);
  });

  it("generates a full range of 10,000 in one request", async () => {
    const res = await rangeOf(20_001, 30_000);
    expect(res.status).toBe(201);
    expect(res.json.stats).toEqual({
      generated: 10_000,
      skipped: 0,
      failed: 0,
      requested: 10_000,
      startRange: 20_001,
      endRange: 30_000,
    });
    expect(res.json.tickets).toHaveLength(10_000);
    expect(res.json.tickets[0].last_5_digits).toBe("20001");
    expect(res.json.tickets[9_999].last_5_digits).toBe("30000");
    expect(await db().ticket.count({ where: { registeredAt: null } })).toBe(10_000);
    expect(
      new Set((await db().ticket.findMany({ select: { controlNumber: true } })).map((t) => t.controlNumber)).size,
    ).toBe(10_000);
    expect(await stats()).toEqual({
      success: true,
      total: 10_000,
      registered_count: 0,
      unregistered_count: 10_000,
      revenue: 0,
    });
  });

  it("is for administrators only", async () => {
    const res = await rangeOf(1, 5).then(() =>
      postRange({ startRange: 6, endRange: 8, userId: "x@example.com" }, users.staff.token),
    );
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, code: "forbidden", message: "Administrator access required" });
    expect(await db().ticket.count()).toBe(5);
  });
});

describe("concurrent custom ranges", { tags: ["sql"] }, () => {
  it("two overlapping ranges in parallel: no number twice, each skips exactly what the other created", async () => {
    const [a, b] = await Promise.all([rangeOf(1, 600), rangeOf(300, 900)]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const aNums = numbersOf(a);
    const bNums = numbersOf(b);
    expect(new Set([...aNums, ...bNums]).size).toBe(aNums.length + bNums.length);
    expect(a.json.stats.generated + b.json.stats.generated).toBe(900);
    expect(await ticketNumbers()).toEqual(span(1, 900));
    const inOverlap = (n: number) => n >= 300 && n <= 600;
    expect(a.json.skipped).toEqual(bNums.filter(inOverlap));
    expect(b.json.skipped).toEqual(aNums.filter(inOverlap));
    expect(a.json.stats.skipped).toBe(a.json.skipped.length);
    expect(b.json.stats.skipped).toBe(b.json.skipped.length);
    expect([...aNums, ...a.json.skipped].sort((x, y) => x - y)).toEqual(span(1, 600));
    expect([...bNums, ...b.json.skipped].sort((x, y) => x - y)).toEqual(span(300, 900));
    expect(await db().auditLog.count({ where: { action: "ticket.custom_range" } })).toBe(2);
    expect(await stats()).toMatchObject({ total: 900, registered_count: 0 });
  });

  it("ranges racing with generate requests: distinct numbers, no 5xx, every ticket accounted for", async () => {
    const ranges: [number, number][] = [
      [1, 200],
      [100, 300],
      [250, 400],
    ];
    const calls: (() => ReturnType<typeof postRange>)[] = Array.from(
      { length: 20 },
      () => () => postGenerate({ ...buyer, quantity: 5 }),
    );
    ranges.forEach(([s, e], i) => calls.splice(i * 7, 0, () => rangeOf(s, e)));
    const results = await Promise.all(calls.map((call) => call()));
    for (const r of results) expect(r.status).toBe(201);

    const rangeResults = results.filter((r) => r.json.stats);
    const generateResults = results.filter((r) => !r.json.stats);
    expect(rangeResults).toHaveLength(3);
    expect(generateResults).toHaveLength(20);

    const createdBy = new Map<number, number>(); // ticket number → index of the response that created it
    results.forEach((r, i) => {
      for (const n of numbersOf(r)) {
        expect(createdBy.has(n), `number ${n} created twice`).toBe(false);
        createdBy.set(n, i);
      }
    });
    const numbers = await ticketNumbers();
    expect(numbers).toEqual([...createdBy.keys()].sort((x, y) => x - y));
    expect(numbers).toHaveLength(rangeResults.reduce((sum, r) => sum + r.json.stats.generated, 0) + 100);

    // Each range's skipped list is exactly its numbers that another request created.
    for (const r of rangeResults) {
      const { startRange, endRange } = r.json.stats;
      const self = results.indexOf(r);
      const takenByOthers = span(startRange, endRange).filter((n) => createdBy.get(n) !== self);
      expect(r.json.skipped).toEqual(takenByOthers);
      for (const n of takenByOthers) expect(createdBy.has(n)).toBe(true);
    }
    expect(await stats()).toMatchObject({ total: numbers.length, registered_count: 100, revenue: 5000 });
  });
});

describe("GET /api/tickets/find-available-range/{n}", () => {
  it("answers the first numbers on an empty table", async () => {
    const res = await findRange("5");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      startRange: 1,
      endRange: 5,
      count: 5,
      start_digits: "00001",
      end_digits: "00005",
    });
    expect((await findRange("10000")).json).toMatchObject({ startRange: 1, endRange: 10_000, end_digits: "10000" });
  });

  it("answers the first run of n consecutive free numbers", async () => {
    await rangeOf(1, 3);
    await rangeOf(6, 6);
    await rangeOf(10, 12);
    const expectRange = async (n: number, startRange: number, endRange: number) =>
      expect((await findRange(String(n))).json).toMatchObject({ success: true, startRange, endRange, count: n });
    await expectRange(1, 4, 4);
    await expectRange(2, 4, 5);
    await expectRange(3, 7, 9);
    await expectRange(4, 13, 16);
    expect((await findRange("3")).json).toMatchObject({ start_digits: "00007", end_digits: "00009" });
  });

  it("answers a range the custom range generator fills without skipping", async () => {
    await rangeOf(2, 4);
    await rangeOf(8, 8);
    const found = await findRange("4");
    expect(found.json).toMatchObject({ startRange: 9, endRange: 12 });
    const res = await rangeOf(found.json.startRange, found.json.endRange);
    expect(res.json.stats).toMatchObject({ generated: 4, skipped: 0, failed: 0 });
  });

  it("stays within the maximum ticket limit and answers 409 when no run is free", async () => {
    await setTicketLimit(12);
    await rangeOf(1, 10);
    expect((await findRange("2")).json).toMatchObject({ startRange: 11, endRange: 12 });
    const res = await findRange("3");
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: "limit_reached",
      message: "Ticket limit reached: no 3 consecutive free ticket numbers within the maximum of 12.",
    });
  });

  it("answers 409 when every number is taken", async () => {
    await setTicketLimit(5);
    await rangeOf(1, 5);
    const res = await findRange("1");
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: "limit_reached",
      message: "Ticket limit reached: no 1 consecutive free ticket numbers within the maximum of 5.",
    });
  });

  it("ignores tickets above a lowered limit", async () => {
    await rangeOf(1, 3);
    await rangeOf(50, 50);
    await setTicketLimit(40);
    expect((await findRange("37")).json).toMatchObject({ startRange: 4, endRange: 40 });
    expect((await findRange("38")).status).toBe(409);
  });

  it.each(["0", "-1", "abc", "1.5", "10001", "", " 5", "1e3", "0x10"])("answers 400 for n = %j", async (n) => {
    const res = await findRange(n);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, code: "validation_failed", message: BAD_COUNT });
  });

  it("is for administrators only", async () => {
    const res = await findRange("5", users.staff.token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, code: "forbidden", message: "Administrator access required" });
  });
});
