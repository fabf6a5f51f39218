// The ticket read, edit and delete calls: listing, search and filters, lookups, edit, delete,
// stats and the small helper endpoints (count, used-digits, validate), against a real database.
import { beforeEach, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/tickets/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/tickets/[id]/route";
import { POST as customRangeRoute } from "@/app/api/tickets/admin/generate-custom-range/route";
import { GET as countRoute } from "@/app/api/tickets/count/route";
import { POST as generateRoute } from "@/app/api/tickets/generate/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { GET as searchTermRoute } from "@/app/api/tickets/search/[term]/route";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { GET as statsRoute } from "@/app/api/tickets/stats/route";
import { GET as unregisteredRoute } from "@/app/api/tickets/unregistered/route";
import { GET as usedDigitsRoute } from "@/app/api/tickets/used-digits/route";
import { GET as validateRoute } from "@/app/api/tickets/validate/route";
import { ticketSchema } from "@/lib/schemas/ticket-response";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const buyer = { buyer_name: "Juan Dela Cruz", phone_number: "0917 123 4567", payment_method: "Cash" };
const GHOST_ID = "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99";
// The one ticket contract (lib/schemas/ticket-response.ts): the SPEC's fields, then the sale's and the void's.
const TICKET_KEYS = Object.keys(ticketSchema.shape).sort();
expect(TICKET_KEYS).toEqual(
  [
    "address",
    "amount",
    "buyer_name",
    "control_number",
    "created_at",
    "created_by_id",
    "creation_source",
    "creator_email",
    "creator_name",
    "email",
    "event_name",
    "gcash_reference",
    "id",
    "is_registered",
    "last_5_digits",
    "payment_method",
    "payment_reference",
    "phone_number",
    "registered_at",
    "status",
    "ticket_id",
    "ticket_number",
    "updated_at",
    "user_id",
    "registered_by_id",
    "seller_email",
    "payment_id",
    "payment",
    "voided_at",
    "void_reason",
    "void_note",
    "voided_by",
  ].sort(),
);

const users = freshAdminAndStaff();

// ---- helpers -------------------------------------------------------------------------------

/** One ticket through POST /api/tickets/generate (middle digits fixed so searches are predictable). */
async function generate(body: Record<string, unknown> = {}, token = users.staff.token) {
  const res = await callRoute(generateRoute, {
    method: "POST",
    path: "/api/tickets/generate",
    body: { ...buyer, customMiddleDigits: "777", ...body },
    token,
  });
  expect(res.status).toBe(201);
  return res.json.ticket;
}

async function customRange(startRange: number, endRange: number, userId = "admin@example.com") {
  const res = await callRoute(customRangeRoute, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange, endRange, userId },
    token: users.admin.token,
  });
  expect(res.status).toBe(201);
  return res.json.tickets as any[];
}

/**
 * A ticket written straight to the table, for rows the API will not create (an empty buyer
 * name, fixed timestamps). registered_at follows the database's own rule, as the CHECK demands.
 */
async function insertTicket(o: {
  n: number;
  buyer?: string | null;
  phone?: string;
  email?: string;
  payment?: string;
  createdAt?: string;
}) {
  const buyerName = o.buyer ?? null;
  // A ticket as older data holds it; a real buyer's comes with its payment (the database ties them).
  const [row] = await db().$queryRaw<{ id: string }[]>`
    WITH p AS (
      INSERT INTO payments (method, amount_expected) SELECT ${o.payment ?? "cash"}::text, 50 WHERE
    ticket_buyer_is_real(${buyerName}::text) RETURNING id
    )
    INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, email, payment_method, amount,
      user_id, creator_email, creation_source, registered_at, payment_id, created_at, updated_at)
    VALUES (gen_random_uuid(), ${`OLD-888-${String(o.n).padStart(5, "0")}`}, ${o.n}::int, ${buyerName}::text,
      ${o.phone ?? null}::text, ${o.email ?? null}::text, ${o.payment ?? "cash"}::text, 50, 'legacy-import',
      'legacy@example.com', 'web', CASE WHEN ticket_buyer_is_real(${buyerName}::text) THEN now() END, (SELECT id FROM
    p),
      coalesce(${o.createdAt ?? null}::timestamptz, now()), now())
    RETURNING id::text AS id`;
  return row.id;
}

const setCreatedAt = (ticketNumber: number, iso: string) =>
  db().$executeRaw`UPDATE tickets SET created_at = ${iso}::timestamptz WHERE ticket_number = ${ticketNumber}::int`;

const list = (query = "", token = users.admin.token) => callRoute(listRoute, { path: `/api/tickets${query}`, token });
const search = (query: string, token = users.admin.token) =>
  callRoute(searchRoute, { path: `/api/tickets/search?${query}`, token });
const getTicket = (ref: string, token = users.staff.token) =>
  callRoute(getRoute, { path: `/api/tickets/${encodeURIComponent(ref)}`, token, params: { id: ref } });
const putTicket = (ref: string, body: unknown, token = users.admin.token) =>
  callRoute(putRoute, {
    method: "PUT",
    path: `/api/tickets/${encodeURIComponent(ref)}`,
    body,
    token,
    params: { id: ref },
  });
const deleteTicket = (ref: string, token = users.admin.token) =>
  callRoute(deleteRoute, {
    method: "DELETE",
    path: `/api/tickets/${encodeURIComponent(ref)}`,
    token,
    params: { id: ref },
  });
const stats = async () => {
  const res = await callRoute(statsRoute, { path: "/api/tickets/stats", token: users.admin.token });
  expect(res.status).toBe(200);
  return res.json;
};
const numbersOf = (res: { json: { tickets: { ticket_number: number }[] } }) =>
  res.json.tickets.map((t) => t.ticket_number);
const searchNumbers = async (query: string) => {
  const res = await search(query);
  expect(res.status).toBe(200);
  return numbersOf(res);
};
const notFound = (message: string) => ({ success: false, code: "not_found", message });

// ---- GET /api/tickets ----------------------------------------------------------------------

describe("GET /api/tickets", () => {
  it("answers {success, tickets, total} in the one ticket shape, snake_case with ticket_id and id", async () => {
    const made = await generate({ email: "juan@example.com", address: "Quezon City" });
    const res = await list();
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["success", "tickets", "total"]);
    expect(res.json.success).toBe(true);
    expect(res.json.total).toBe(1);
    const [t] = res.json.tickets;
    expect(Object.keys(t).sort()).toEqual(TICKET_KEYS);
    expect(t).toEqual(made);
    expect(t).toMatchObject({
      ticket_id: made.id,
      id: made.id,
      control_number: "B2K-777-00001",
      last_5_digits: "00001",
      ticket_number: 1,
      buyer_name: "Juan Dela Cruz",
      phone_number: "9171234567",
      email: "juan@example.com",
      address: "Quezon City",
      payment_method: "cash",
      status: "active",
      amount: 50,
      creator_email: "staff@example.com",
      created_by_id: users.staff.user.id,
      is_registered: true,
    });
  });

  it("lists newest first (created_at, then ticket number, descending) and pages with limit and offset", async () => {
    await generate({ quantity: 3, customMiddleDigits: undefined }); // 1, 2, 3 share one created_at
    await insertTicket({ n: 4, createdAt: "2026-01-02T00:00:00Z" });
    await insertTicket({ n: 5, createdAt: "2025-12-31T00:00:00Z" });
    for (const n of [1, 2, 3]) await setCreatedAt(n, "2026-01-01T00:00:00Z");

    const all = await list();
    expect(numbersOf(all)).toEqual([4, 3, 2, 1, 5]);
    expect(all.json.total).toBe(5);
    expect(numbersOf(await list("?limit=2"))).toEqual([4, 3]);
    const page2 = await list("?limit=2&offset=2");
    expect(numbersOf(page2)).toEqual([2, 1]);
    expect(page2.json.total).toBe(5);
    expect(numbersOf(await list("?limit=2&offset=4"))).toEqual([5]);
    const beyond = await list("?limit=2&offset=5");
    expect(beyond.json).toEqual({ success: true, tickets: [], total: 5 });
  });

  it("answers an empty page, not an error, for an offset past the end however large", async () => {
    await customRange(1, 3);
    expect((await list("?offset=3000000000")).json).toEqual({ success: true, tickets: [], total: 3 });
    expect((await search("status=unregistered&offset=3000000000")).json).toEqual({
      success: true,
      tickets: [],
      total: 3,
    });
    expect((await search("search=b2k&offset=3000000000")).json).toEqual({ success: true, tickets: [], total: 3 });
  });

  it("pages 10 at a time by default", async () => {
    await customRange(1, 12);
    const res = await list();
    expect(numbersOf(res)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(res.json.total).toBe(12);
    // A blank parameter (as a form leaves it) means the default too.
    expect(numbersOf(await list("?limit=&offset="))).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it.each([
    ["?limit=0", "limit must be a whole number from 1 to 10,000"],
    ["?limit=abc", "limit must be a whole number from 1 to 10,000"],
    ["?limit=1.5", "limit must be a whole number from 1 to 10,000"],
    ["?limit=10001", "limit must be a whole number from 1 to 10,000"],
    ["?offset=-1", "offset must be a whole number, 0 or more"],
    ["?offset=x", "offset must be a whole number, 0 or more"],
    ["?offset=2.5", "offset must be a whole number, 0 or more"],
  ])("answers 400 for %s: %s", async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: "validation_failed", message });
  });

  it("is for administrators only", async () => {
    const res = await list("", users.staff.token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, code: "forbidden", message: "Administrator access required" });
  });
});

// ---- GET /api/tickets/search ---------------------------------------------------------------

describe("GET /api/tickets/search", () => {
  // Numbers 1-6 through the API (registered), 10-16 written directly (unregistered placeholders
  // and one real name), 20-22 from a custom range (no buyer).
  let ids: Record<string, string>;
  beforeEach(async () => {
    ids = {};
    ids.maria = (
      await generate({ buyer_name: "Maria Clara", phone_number: "0917 123 4567", email: "Maria.Clara@Example.com" })
    ).id; // 1
    ids.jose = (
      await generate({
        buyer_name: "Jose Rizal",
        phone_number: "0998 765 4321",
        email: "jose_rizal@example.com",
        payment_method: "GCash",
        gcash_reference: "GC-1",
      })
    ).id; // 2
    ids.legit = (
      await generate({ buyer_name: "100% Legit Buyer", phone_number: "0920 555 0000", payment_method: "bank_transfer" })
    ).id; // 3
    ids.josex = (
      await generate(
        { buyer_name: "Joseph Ex", email: "joseXrizal@example.com", phone_number: null },
        users.admin.token,
      )
    ).id; // 4
    ids.thousand = (
      await generate({ buyer_name: "1000 Islands Tour", phone_number: null, user_id: "seller-9" }, users.admin.token)
    ).id; // 5
    ids.backslash = (
      await generate({
        buyer_name: "Back\\Slash",
        phone_number: null,
        payment_method: "gcash",
        gcash_reference: "GC-2",
      })
    ).id; // 6
    await insertTicket({ n: 10, buyer: "N/A" });
    await insertTicket({ n: 11, buyer: "Unregistered Buyer" });
    await insertTicket({ n: 12, buyer: "" });
    await insertTicket({ n: 13, buyer: "  not registered " });
    await insertTicket({ n: 14, buyer: "UNREGISTERED", payment: "gcash" });
    // a real name that starts like a placeholder
    await insertTicket({ n: 15, buyer: "N/A Santos", phone: "9181112222" });
    await insertTicket({ n: 16, buyer: null });
    await customRange(20, 22, "range-owner@example.com");
    // Distinct times, oldest first by number, so every expectation below has one order.
    await db()
      .$executeRaw`UPDATE tickets SET created_at = '2026-01-01T00:00:00Z'::timestamptz + ticket_number * interval
        '1 minute'`;
  });

  it("with no filters lists everything, newest first, with the full total", async () => {
    const res = await search("status=all");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["success", "tickets", "total"]);
    expect(res.json.total).toBe(16);
    expect(numbersOf(res)).toEqual([22, 21, 20, 16, 15, 14, 13, 12, 11, 10]);
  });

  it("matches the ticket id exactly, and nothing on a part of it", async () => {
    expect(await searchNumbers(`search=${ids.jose}`)).toEqual([2]);
    expect(await searchNumbers(`search=${ids.jose.toUpperCase()}`)).toEqual([2]);
    expect(await searchNumbers(`search=${GHOST_ID}`)).toEqual([]);
    const res = await search(`search=${ids.jose.slice(0, 8)}`);
    expect(res.json.tickets.map((t: any) => t.id)).not.toContain(ids.jose);
  });

  it("matches a part of the control number, any case, and the 5-digit number", async () => {
    expect(await searchNumbers("search=old-888")).toEqual([16, 15, 14, 13, 12, 11, 10]);
    expect(await searchNumbers("search=b2k-777-00003")).toEqual([3]);
    expect(await searchNumbers("search=00021")).toEqual([21]);
    expect(await searchNumbers("search=00002")).toEqual([2]);
  });

  it("matches a part of the buyer name or email, case-insensitively", async () => {
    expect(await searchNumbers("search=clara")).toEqual([1]);
    expect(await searchNumbers("search=RIZAL")).toEqual([4, 2]);
    expect(await searchNumbers("search=maria.clara%40example")).toEqual([1]);
    expect(await searchNumbers("search=unregistered")).toEqual([14, 11]);
  });

  it.each([
    "0917 123 4567",
    "+63 917 123 4567",
    "+639171234567",
    "917-123",
    "9171234567",
    "(0917) 123-4567",
    "123 4567",
  ])("matches the phone written as %j", async (term) => {
    expect(await searchNumbers(`search=${encodeURIComponent(term)}`)).toEqual([1]);
  });

  it("matches phones of other tickets by their digits too", async () => {
    expect(await searchNumbers(`search=${encodeURIComponent("0998-765")}`)).toEqual([2]);
    expect(await searchNumbers(`search=${encodeURIComponent("+63 918 111")}`)).toEqual([15]);
  });

  it("treats LIKE wildcards in the term as literal characters", async () => {
    expect(await searchNumbers(`search=${encodeURIComponent("100%")}`)).toEqual([3]);
    expect(await searchNumbers(`search=${encodeURIComponent("e_r")}`)).toEqual([2]);
    expect(await searchNumbers(`search=${encodeURIComponent("%")}`)).toEqual([3]);
    expect(await searchNumbers(`search=${encodeURIComponent("_")}`)).toEqual([2]);
    expect(await searchNumbers(`search=${encodeURIComponent("k\\s")}`)).toEqual([6]);
  });

  it("drops NUL characters from the term and the user filter instead of failing", async () => {
    expect(await searchNumbers("search=Cla%00ra")).toEqual([1]);
    const onlyNul = await search("search=%00&user=%00&limit=1");
    expect(onlyNul.status).toBe(200);
    expect(onlyNul.json.total).toBe(16);
    expect(await searchNumbers("user=seller-9%00")).toEqual([5]);
  });

  it(
    "status=registered and status=unregistered follow SPEC " + "section 4 (placeholder names are unregistered)",
    async () => {
      const registered = await search("status=registered&limit=100");
      expect(numbersOf(registered)).toEqual([15, 6, 5, 4, 3, 2, 1]);
      expect(registered.json.total).toBe(7);
      for (const t of registered.json.tickets) expect(t.is_registered).toBe(true);

      const unregistered = await search("status=Unregistered&limit=100");
      expect(numbersOf(unregistered)).toEqual([22, 21, 20, 16, 14, 13, 12, 11, 10]);
      expect(unregistered.json.total).toBe(9);
      for (const t of unregistered.json.tickets) expect(t.is_registered).toBe(false);
      expect(unregistered.json.tickets.find((t: any) => t.ticket_number === 10).buyer_name).toBe("N/A");
    },
  );

  it("filters by payment method in any written form; 'all' means no filter", async () => {
    expect(await searchNumbers("payment=gcash")).toEqual([14, 6, 2]);
    expect(await searchNumbers("payment=GCash&status=registered")).toEqual([6, 2]);
    expect(await searchNumbers(`payment=${encodeURIComponent("Bank Transfer")}`)).toEqual([3]);
    const all = await search("payment=all&limit=1");
    expect(all.json.total).toBe(16);
  });

  it("filters by creator email (any case), user_id or creator id", async () => {
    expect(await searchNumbers("user=staff%40example.com")).toEqual([6, 3, 2, 1]);
    expect(await searchNumbers("user=STAFF%40Example.com")).toEqual([6, 3, 2, 1]);
    expect(await searchNumbers(`user=${users.staff.user.id}`)).toEqual([6, 3, 2, 1]);
    expect(await searchNumbers(`user=${users.admin.user.id.toUpperCase()}`)).toEqual([22, 21, 20, 5, 4]);
    expect(await searchNumbers("user=seller-9")).toEqual([5]);
    expect(await searchNumbers("user=range-owner%40example.com")).toEqual([22, 21, 20]);
    expect(await searchNumbers("user=admin%40example.com")).toEqual([22, 21, 20, 5, 4]);
    expect(await searchNumbers("user=nobody%40example.com")).toEqual([]);
  });

  it("combines filters, and the total counts the whole filtered set, not the page", async () => {
    const res = await search("search=rizal&status=registered&payment=gcash&user=staff%40example.com");
    expect(numbersOf(res)).toEqual([2]);
    expect(res.json.total).toBe(1);

    const paged = await search("search=old-888&status=unregistered&limit=2&offset=2");
    expect(numbersOf(paged)).toEqual([13, 12]);
    expect(paged.json.total).toBe(6);

    const byPayment = await search("payment=cash&limit=3");
    expect(numbersOf(byPayment)).toEqual([22, 21, 20]);
    expect(byPayment.json.total).toBe(12);

    const byStatus = await search("status=registered&limit=1&offset=1");
    expect(numbersOf(byStatus)).toEqual([6]);
    expect(byStatus.json.total).toBe(7);

    const none = await search("search=zzz-no-match&limit=1");
    expect(none.json).toEqual({ success: true, tickets: [], total: 0 });
  });

  it.each([
    ["status=bogus", "status must be one of all, registered, unregistered"],
    ["payment=bitcoin", "payment must be one of all, cash, gcash, bank_transfer"],
    ["limit=0", "limit must be a whole number from 1 to 10,000"],
    ["offset=-5", "offset must be a whole number, 0 or more"],
    ["search=" + "x".repeat(201), "Search terms can be at most 200 characters"],
  ])("answers 400 for %s: %s", async (query, message) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: "validation_failed", message });
  });

  it("is for administrators only", async () => {
    expect((await search("search=maria", users.staff.token)).status).toBe(403);
  });
});

// ---- GET /api/tickets/{id} -----------------------------------------------------------------

describe("GET /api/tickets/{id}", () => {
  it("finds a ticket by id, control number (any case) or ticket number, for any signed-in user", async () => {
    const t = await generate();
    for (const ref of [t.id, t.id.toUpperCase(), "B2K-777-00001", "b2k-777-00001", "00001", "1"]) {
      const res = await getTicket(ref);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, ticket: t });
    }
  });

  it("drops a NUL from the reference, as from every string a request carries", async () => {
    const t = await generate();
    for (const ref of [
      `\u0000${t.control_number}`,
      `${t.control_number.slice(0, 3)}\u0000${t.control_number.slice(3)}`,
    ]) {
      const res = await getTicket(ref);
      expect(res.status).toBe(200);
      expect(res.json.ticket.id).toBe(t.id);
    }
  });

  it.each([GHOST_ID, "00002", "B2K-123-00001", "B2K-777", "00000", "nonsense", "\u0000B2K-123-00001"])(
    "answers 404 'Ticket not found' for %j",
    async (ref) => {
      await generate();
      const res = await getTicket(ref);
      expect(res.status).toBe(404);
      expect(res.json).toEqual(notFound("Ticket not found"));
    },
  );

  it("needs a signed-in user", async () => {
    const res = await callRoute(getRoute, { path: "/api/tickets/00001", params: { id: "00001" } });
    expect(res.status).toBe(401);
  });
});

// ---- PUT /api/tickets/{id} -----------------------------------------------------------------

describe("PUT /api/tickets/{id}", () => {
  const edit = {
    buyer_name: "  Pedro Penduko ",
    phone_number: "+63 917 000 1111",
    email: "pedro@example.com",
    address: "Cebu",
    payment_method: "GCash",
    gcash_reference: "GC-9",
    status: "used",
    amount: 999,
    quantity: 5,
  };

  it(
    "edits an unregistered ticket: buyer, payment and status; the " +
      "amount stays; an audit row keeps before and after",
    async () => {
      const [original] = await customRange(7, 7);
      const res = await putTicket(original.id, edit);
      expect(res.status).toBe(200);
      expect(res.json.success).toBe(true);
      expect(res.json.message).toBe("Ticket updated successfully");
      const t = res.json.ticket;
      expect(Object.keys(t).sort()).toEqual(TICKET_KEYS);
      expect(t).toMatchObject({
        id: original.id,
        ticket_id: original.id,
        control_number: original.control_number,
        ticket_number: 7,
        buyer_name: "Pedro Penduko",
        phone_number: "9170001111",
        email: "pedro@example.com",
        address: "Cebu",
        payment_method: "gcash",
        gcash_reference: "GC9",
        status: "used",
        amount: 50,
        user_id: "admin@example.com",
        is_registered: true,
        created_at: original.created_at,
      });
      expect(t.registered_at).not.toBeNull();
      // An administrator reads it whole (staff see the buyer's contacts only on their own tickets: decision 036).
      expect((await getTicket(original.id, users.admin.token)).json.ticket).toEqual(t);

      const audit = await db().auditLog.findMany({ where: { action: "ticket.update" }, orderBy: { id: "asc" } });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: users.admin.user.id,
        actorEmail: "admin@example.com",
        entityType: "ticket",
        entityId: original.id,
      });
      expect(audit[0].before).toMatchObject({
        buyer_name: null,
        phone_number: null,
        status: "active",
        payment_method: "cash",
        registered_at: null,
      });
      // The edit's own fields; the buyer is attached by the registration rule, audited as the sale.
      expect(audit[0].after).toMatchObject({
        phone_number: "9170001111",
        status: "used",
        payment_method: "gcash",
        gcash_reference: "GC-9",
      });
      expect(audit[0].after).not.toHaveProperty("before");
      const [sale] = await db().auditLog.findMany({ where: { action: "ticket.register" }, orderBy: { id: "asc" } });
      expect(sale.after).toMatchObject({ buyer_name: "Pedro Penduko", source: "edit", payment_reference: "GC9" });
    },
  );

  it("refuses a second edit with 409 'Already registered to: {buyer}' and changes nothing", async () => {
    const [original] = await customRange(7, 7);
    const first = await putTicket(original.id, edit);
    const res = await putTicket(original.id, { ...edit, buyer_name: "Someone Else" });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: "already_registered",
      message: "Already registered to: Pedro Penduko",
    });
    expect((await getTicket(original.id, users.admin.token)).json.ticket).toEqual(first.json.ticket);
    expect(await db().auditLog.count({ where: { action: "ticket.update" } })).toBe(1);
  });

  it("refuses to edit a ticket generated with a buyer", async () => {
    const t = await generate();
    const res = await putTicket(t.control_number, edit);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: "already_registered",
      message: "Already registered to: Juan Dela Cruz",
    });
    expect((await getTicket(t.id)).json.ticket).toEqual(t);
  });

  it(
    "lets the status be chosen freely (active, registered, used, " +
      "expired, any case) while the buyer is a placeholder",
    async () => {
      const [original] = await customRange(3, 3);
      for (const status of ["registered", "USED", "Expired", "active"]) {
        const res = await putTicket("00003", { buyer_name: "N/A", status });
        expect(res.status).toBe(200);
        expect(res.json.ticket).toMatchObject({
          status: status.toLowerCase(),
          buyer_name: "N/A",
          is_registered: false,
          registered_at: null,
        });
      }
      // Without a status the current one stays.
      await putTicket("3", { buyer_name: "N/A", status: "expired" });
      const kept = await putTicket(original.control_number.toLowerCase(), { buyer_name: "Real Buyer" });
      expect(kept.status).toBe(200);
      expect(kept.json.ticket).toMatchObject({
        status: "expired",
        buyer_name: "Real Buyer",
        is_registered: true,
        phone_number: null,
      });
    },
  );

  it("drops NUL characters from the edited text instead of failing", async () => {
    await customRange(1, 1);
    const res = await putTicket("00001", {
      buyer_name: "Pe\u0000dro",
      email: "pedro\u0000@example.com",
      address: "\u0000Cebu",
      gcash_reference: "GC\u0000-1",
      payment_method: "gcash",
    });
    expect(res.status).toBe(200);
    // A sold GCash ticket carries its payment's normalized reference.
    expect(res.json.ticket).toMatchObject({
      buyer_name: "Pedro",
      email: "pedro@example.com",
      address: "Cebu",
      gcash_reference: "GC1",
    });
    expect(res.json.ticket.payment).toMatchObject({ reference: "GC-1" });
    const blank = await putTicket("00001", { buyer_name: "\u0000\u0000\u0000" });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe("Buyer name is required.");
  });

  it("edits a ticket with an empty buyer name left by an import", async () => {
    await insertTicket({ n: 40, buyer: "" });
    const res = await putTicket("OLD-888-00040", { buyer_name: "Imported Buyer", status: "registered" });
    expect(res.status).toBe(200);
    expect(res.json.ticket).toMatchObject({ buyer_name: "Imported Buyer", status: "registered", is_registered: true });
  });

  // Ticket 00001 exists as OLD-888-00001 (unregistered), so OLD-123-00001 has its number but not its control number.
  it.each([GHOST_ID, "00999", "OLD-123-00001", "nonsense"])("answers 404 'Ticket not found' for %j", async (ref) => {
    await insertTicket({ n: 1 });
    const res = await putTicket(ref, edit);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(notFound("Ticket not found"));
    expect(await db().auditLog.count({ where: { action: "ticket.update" } })).toBe(0);
  });

  it.each([
    [{}, "Buyer name is required."],
    [{ buyer_name: "   " }, "Buyer name is required."],
    [{ buyer_name: "Al" }, "Name must be at least 3 characters."],
    [{ buyer_name: "Pedro", phone_number: "0917123" }, "Must be a 10-digit number."],
    [{ buyer_name: "Pedro", phone_number: "0817 123 4567" }, "Must start with 9 (e.g., 917...)."],
    [{ buyer_name: "Pedro", email: "pedro@" }, "Enter a valid email."],
    [{ buyer_name: "Pedro", payment_method: "paypal" }, "Payment method must be cash, gcash or bank_transfer."],
    [{ buyer_name: "Pedro", payment_method: "gcash" }, "GCash reference is required for GCash payments"],
    [{ buyer_name: "Pedro", status: "closed" }, "Status must be one of active, registered, used, expired."],
  ])("answers 400 for %j: %s", async (body, message) => {
    const [original] = await customRange(1, 1);
    const res = await putTicket(original.id, body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: "validation_failed", message });
    expect((await getTicket(original.id)).json.ticket).toEqual(original);
  });

  it("is for administrators only", async () => {
    const [original] = await customRange(1, 1);
    const res = await putTicket(original.id, edit, users.staff.token);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("forbidden");
    expect((await getTicket(original.id)).json.ticket).toEqual(original);
  });
});

// ---- DELETE /api/tickets/{id} --------------------------------------------------------------

describe("DELETE /api/tickets/{id}", () => {
  it("deletes the ticket, answers {success, message}, keeps it in an audit row and lowers the counters", async () => {
    const t = await generate();
    await customRange(2, 3);
    expect(await stats()).toMatchObject({ total: 3, registered_count: 1, unregistered_count: 2, revenue: 50 });

    const res = await deleteTicket(t.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Ticket B2K-777-00001 deleted successfully" });
    expect((await getTicket(t.id)).status).toBe(404);
    expect(await stats()).toMatchObject({ total: 2, registered_count: 0, unregistered_count: 2, revenue: 0 });

    const audit = await db().auditLog.findMany({ where: { action: "ticket.delete" }, orderBy: { id: "asc" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: users.admin.user.id,
      actorEmail: "admin@example.com",
      entityType: "ticket",
      entityId: t.id,
      after: null,
    });
    expect(audit[0].before).toMatchObject({
      id: t.id,
      control_number: "B2K-777-00001",
      ticket_number: 1,
      buyer_name: "Juan Dela Cruz",
    });

    const again = await deleteTicket(t.id);
    expect(again.status).toBe(404);
    expect(again.json).toEqual(notFound("Ticket not found"));
    expect(await db().auditLog.count({ where: { action: "ticket.delete" } })).toBe(1);
  });

  it("deletes by control number or ticket number, and frees the number", async () => {
    const [two, three] = await customRange(2, 3);
    expect((await deleteTicket(two.control_number.toLowerCase())).json.message).toBe(
      `Ticket ${two.control_number} deleted successfully`,
    );
    expect((await deleteTicket("3")).json.message).toBe(`Ticket ${three.control_number} deleted successfully`);
    expect(await db().ticket.count()).toBe(0);
    const again = await generate({ customLastDigits: "00002" });
    expect(again.ticket_number).toBe(2);
  });

  it.each([GHOST_ID, "00999", "B2K-123-00001", "nonsense"])("answers 404 'Ticket not found' for %j", async (ref) => {
    await generate(); // B2K-777-00001
    const res = await deleteTicket(ref);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(notFound("Ticket not found"));
    expect(await db().ticket.count()).toBe(1);
  });

  it("is for administrators only", async () => {
    const t = await generate();
    const res = await deleteTicket(t.id, users.staff.token);
    expect(res.status).toBe(403);
    expect(await db().ticket.count()).toBe(1);
    expect(await db().auditLog.count({ where: { action: "ticket.delete" } })).toBe(0);
  });
});

// ---- GET /api/tickets/stats ----------------------------------------------------------------

describe("GET /api/tickets/stats", () => {
  it("answers zeros on an empty table", async () => {
    expect(await stats()).toEqual({ success: true, total: 0, registered_count: 0, unregistered_count: 0, revenue: 0 });
  });

  it(
    "stays consistent through generate, custom range, register, edit " +
      "and delete; revenue counts registered amounts only",
    async () => {
      await db().settings.update({ where: { id: 1 }, data: { ticketPrice: 75 } });
      await generate({ quantity: 2, customMiddleDigits: undefined }); // 1, 2 at 75, registered
      expect(await stats()).toEqual({
        success: true,
        total: 2,
        registered_count: 2,
        unregistered_count: 0,
        revenue: 150,
      });

      await db().settings.update({ where: { id: 1 }, data: { ticketPrice: 12.5 } });
      const range = await customRange(3, 6); // unregistered at 12.50
      expect(range.map((t) => t.amount)).toEqual([12.5, 12.5, 12.5, 12.5]);
      expect(await stats()).toEqual({
        success: true,
        total: 6,
        registered_count: 2,
        unregistered_count: 4,
        revenue: 150,
      });

      const reg = await callRoute(registerRoute, {
        method: "PUT",
        path: "/api/tickets/register/00003",
        body: { buyerName: "Lapu Lapu", phoneNumber: "09181234567" },
        token: users.staff.token,
        params: { controlNumber: "00003" },
      });
      expect(reg.status).toBe(200);
      expect(await stats()).toEqual({
        success: true,
        total: 6,
        registered_count: 3,
        unregistered_count: 3,
        revenue: 162.5,
      });

      await db().settings.update({ where: { id: 1 }, data: { ticketPrice: 100 } });
      expect((await putTicket("00004", { buyer_name: "Gabriela Silang" })).status).toBe(200); // keeps its 12.50
      expect(await stats()).toEqual({
        success: true,
        total: 6,
        registered_count: 4,
        unregistered_count: 2,
        revenue: 175,
      });
      expect((await putTicket("00005", { buyer_name: "N/A" })).status).toBe(200); // still unregistered
      expect(await stats()).toMatchObject({ registered_count: 4, revenue: 175 });

      await generate({ customLastDigits: "00010" }); // at 100
      expect(await stats()).toEqual({
        success: true,
        total: 7,
        registered_count: 5,
        unregistered_count: 2,
        revenue: 275,
      });

      expect((await deleteTicket("00001")).status).toBe(200);
      expect((await deleteTicket("00006")).status).toBe(200);
      expect(await stats()).toEqual({
        success: true,
        total: 5,
        registered_count: 4,
        unregistered_count: 1,
        revenue: 200,
      });

      // The counters agree with the table itself.
      const [truth] = await db().$queryRaw<{ total: number; registered: number; revenue: string }[]>`
      SELECT count(*)::int AS total, count(registered_at)::int AS registered,
             coalesce(sum(amount) FILTER (WHERE registered_at IS NOT NULL), 0)::text AS revenue FROM tickets`;
      expect(await stats()).toEqual({
        success: true,
        total: truth.total,
        registered_count: truth.registered,
        unregistered_count: truth.total - truth.registered,
        revenue: Number(truth.revenue),
      });
    },
  );

  it("counts placeholder buyer names as unregistered", async () => {
    await insertTicket({ n: 1, buyer: "N/A" });
    await insertTicket({ n: 2, buyer: "Unregistered Buyer" });
    await insertTicket({ n: 3, buyer: "Real Person" });
    expect(await stats()).toEqual({ success: true, total: 3, registered_count: 1, unregistered_count: 2, revenue: 50 });
  });

  it("is for administrators only", async () => {
    expect((await callRoute(statsRoute, { path: "/api/tickets/stats", token: users.staff.token })).status).toBe(403);
  });
});

// ---- GET /api/tickets/search/{term} --------------------------------------------------------

describe("GET /api/tickets/search/{term}", () => {
  const lookup = (term: string, token = users.staff.token) =>
    callRoute(searchTermRoute, { path: `/api/tickets/search/${encodeURIComponent(term)}`, token, params: { term } });
  const NOT_FOUND = "Ticket not found with the provided control number or last 5 digits";

  it("finds one ticket by exact control number (any case) or its 5-digit number, for any signed-in user", async () => {
    await generate();
    const [two] = await customRange(2, 2);
    for (const term of [two.control_number, two.control_number.toLowerCase(), "00002", ` ${two.control_number} `]) {
      const res = await lookup(term);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, ticket: two });
    }
  });

  it.each(["00099", "B2K-777", "777-00001", "B2K-123-00001", "Juan", "00000", "123456", "\u0000B2K-123-00001"])(
    "answers 404 for %j with the exact message",
    async (term) => {
      await generate();
      const res = await lookup(term);
      expect(res.status).toBe(404);
      expect(res.json).toEqual(notFound(NOT_FOUND));
    },
  );
});

// ---- GET /api/tickets/unregistered ---------------------------------------------------------

describe("GET /api/tickets/unregistered", () => {
  const unregistered = (query = "", token = users.staff.token) =>
    callRoute(unregisteredRoute, { path: `/api/tickets/unregistered${query}`, token });

  it("lists only unregistered tickets, 20 a page by default, newest first, for any signed-in user", async () => {
    await customRange(1, 25);
    await generate({ customLastDigits: "00030" });
    await insertTicket({ n: 31, buyer: "N/A" });
    await insertTicket({ n: 32, buyer: "Real Buyer" });
    await setCreatedAt(31, "2020-01-01T00:00:00Z");

    const first = await unregistered();
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual(["success", "tickets", "total"]);
    expect(first.json.success).toBe(true);
    expect(first.json.total).toBe(26);
    expect(numbersOf(first)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    const second = await unregistered("?offset=20");
    expect(numbersOf(second)).toEqual([5, 4, 3, 2, 1, 31]);
    expect(second.json.total).toBe(26);
    for (const t of [...first.json.tickets, ...second.json.tickets]) expect(t.is_registered).toBe(false);
    expect(numbersOf(await unregistered("?limit=3&offset=1"))).toEqual([24, 23, 22]);
  });

  it("searches within the unregistered tickets only", async () => {
    await customRange(1, 3);
    await generate({ buyer_name: "Maria Clara", customLastDigits: "00010" });
    await insertTicket({ n: 11, buyer: "N/A", phone: "9175550000" });
    const res = await unregistered("?search=00002");
    expect(numbersOf(res)).toEqual([2]);
    expect(res.json.total).toBe(1);
    const byTen = await unregistered("?search=00010");
    expect(byTen.json).toEqual({ success: true, tickets: [], total: 0 });
    // The phone is searched only where the caller may see it (issue 25 item 10): an administrator.
    const byPhone = await unregistered(`?search=${encodeURIComponent("0917 555")}`, users.admin.token);
    expect(numbersOf(byPhone)).toEqual([11]);
    expect(numbersOf(await unregistered(`?search=${encodeURIComponent("0917 555")}`))).toEqual([]);
    const byName = await unregistered("?search=n%2Fa");
    expect(numbersOf(byName)).toEqual([11]);
    expect(numbersOf(await unregistered("?search=n%00%2Fa"))).toEqual([11]);
  });

  it.each([
    ["?limit=101", "limit must be a whole number from 1 to 100"],
    ["?limit=0", "limit must be a whole number from 1 to 100"],
    ["?offset=-1", "offset must be a whole number, 0 or more"],
  ])("answers 400 for %s", async (query, message) => {
    const res = await unregistered(query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: "validation_failed", message });
  });

  it("needs a signed-in user", async () => {
    expect((await callRoute(unregisteredRoute, { path: "/api/tickets/unregistered" })).status).toBe(401);
  });
});

// ---- GET /api/tickets/count, /used-digits, /validate ---------------------------------------

describe("GET /api/tickets/count", () => {
  it("answers total, registered and unregistered", async () => {
    const count = async () =>
      (await callRoute(countRoute, { path: "/api/tickets/count", token: users.admin.token })).json;
    expect(await count()).toEqual({ success: true, total: 0, registered: 0, unregistered: 0 });
    await generate({ quantity: 2, customMiddleDigits: undefined });
    await customRange(5, 7);
    await insertTicket({ n: 9, buyer: "Not Registered" });
    expect(await count()).toEqual({ success: true, total: 6, registered: 2, unregistered: 4 });
    await deleteTicket("00001");
    expect(await count()).toEqual({ success: true, total: 5, registered: 1, unregistered: 4 });
  });

  it("is for administrators only", async () => {
    expect((await callRoute(countRoute, { path: "/api/tickets/count", token: users.staff.token })).status).toBe(403);
  });
});

describe("GET /api/tickets/used-digits", () => {
  const usedDigits = async (token = users.admin.token) =>
    callRoute(usedDigitsRoute, { path: "/api/tickets/used-digits", token });

  it("answers the taken numbers as inclusive runs, with their count", async () => {
    expect((await usedDigits()).json).toEqual({ success: true, count: 0, ranges: [] });
    await db().settings.update({ where: { id: 1 }, data: { maxTicketLimit: 99999 } });
    await customRange(1, 3);
    await customRange(7, 8);
    await generate({ customLastDigits: "00005" });
    await generate({ customLastDigits: "99999" });
    expect((await usedDigits()).json).toEqual({
      success: true,
      count: 7,
      ranges: [
        [1, 3],
        [5, 5],
        [7, 8],
        [99999, 99999],
      ],
    });
    await deleteTicket("00002");
    expect((await usedDigits()).json).toEqual({
      success: true,
      count: 6,
      ranges: [
        [1, 1],
        [3, 3],
        [5, 5],
        [7, 8],
        [99999, 99999],
      ],
    });
  });

  it("is for administrators only", async () => {
    expect((await usedDigits(users.staff.token)).status).toBe(403);
  });
});

describe("GET /api/tickets/validate", () => {
  const validate = (query: string, token = users.staff.token) =>
    callRoute(validateRoute, { path: `/api/tickets/validate${query}`, token });

  it("reports an existing unregistered ticket", async () => {
    const [t] = await customRange(4, 4);
    const expected = {
      success: true,
      valid: true,
      exists: true,
      available: false,
      registered: false,
      control_number: t.control_number,
      last_5_digits: "00004",
      buyer_name: null,
      message: "Ticket exists and is not registered",
    };
    expect((await validate("?number=00004")).json).toEqual(expected);
    expect((await validate("?number=4")).json).toEqual(expected);
    expect((await validate(`?controlNumber=${t.control_number.toLowerCase()}`)).json).toEqual(expected);
  });

  it("reports a registered ticket with its buyer", async () => {
    await generate();
    expect((await validate("?controlNumber=B2K-777-00001")).json).toEqual({
      success: true,
      valid: true,
      exists: true,
      available: false,
      registered: true,
      control_number: "B2K-777-00001",
      last_5_digits: "00001",
      buyer_name: "Juan Dela Cruz",
      message: "Already registered to: Juan Dela Cruz",
    });
  });

  it("reports a free number within the limit as available, and one above it as not", async () => {
    await db().settings.update({ where: { id: 1 }, data: { maxTicketLimit: 100 } });
    expect((await validate("?number=00100")).json).toEqual({
      success: true,
      valid: true,
      exists: false,
      available: true,
      registered: false,
      last_5_digits: "00100",
      message: "Ticket number is free",
    });
    expect((await validate("?controlNumber=B2K-555-00007")).json).toMatchObject({
      exists: false,
      available: true,
      last_5_digits: "00007",
    });
    expect((await validate("?number=00101")).json).toEqual({
      success: true,
      valid: true,
      exists: false,
      available: false,
      registered: false,
      last_5_digits: "00101",
      message: "Above the maximum ticket limit (100)",
    });
  });

  it("never calls a taken number free when the control number's middle digits differ", async () => {
    const t = await generate();
    const res = await validate("?controlNumber=B2K-123-00001");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      valid: true,
      exists: false,
      available: false,
      registered: false,
      last_5_digits: "00001",
      message: `Ticket number 00001 is already taken by ticket ${t.control_number}.`,
    });
  });

  it("reports an unknown id as not found", async () => {
    expect((await validate(`?number=${GHOST_ID}`)).json).toEqual({
      success: true,
      valid: true,
      exists: false,
      available: false,
      registered: false,
      last_5_digits: null,
      message: "Ticket not found",
    });
  });

  it.each(["?number=abc", "?number=00000", "?controlNumber=B2K-12-00001", "?number=123456"])(
    "calls %s not valid",
    async (query) => {
      expect((await validate(query)).json).toEqual({
        success: true,
        valid: false,
        exists: false,
        available: false,
        registered: false,
        message: "Not a valid control number or 5-digit ticket number",
      });
    },
  );

  it("needs a control number or a number", async () => {
    for (const query of ["", "?number=", "?controlNumber=%20"]) {
      const res = await validate(query);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        success: false,
        code: "validation_failed",
        message: "Please enter Control Number",
      });
    }
  });
});

// ---- concurrent edits and deletes ------------------------------------------------------------

describe("concurrent edit, registration and delete of one ticket", { tags: ["sql"] }, () => {
  const register = (ref: string, buyerName: string) =>
    callRoute(registerRoute, {
      method: "PUT",
      path: `/api/tickets/register/${ref}`,
      body: { buyerName, phoneNumber: "09181234567" },
      token: users.staff.token,
      params: { controlNumber: ref },
    });

  it("an edit racing a registration: exactly one wins, the other gets 409 naming the winner", async () => {
    await customRange(1, 5);
    for (let n = 1; n <= 5; n++) {
      const ref = String(n).padStart(5, "0");
      const [edited, registered] = await Promise.all([
        putTicket(ref, { buyer_name: "Editor Wins" }),
        register(ref, "Register Wins"),
      ]);
      expect([edited.status, registered.status].sort()).toEqual([200, 409]);
      const winner = edited.status === 200 ? "Editor Wins" : "Register Wins";
      const loser = edited.status === 200 ? registered : edited;
      expect(loser.json).toEqual({
        success: false,
        code: "already_registered",
        message: `Already registered to: ${winner}`,
      });
      expect((await getTicket(ref)).json.ticket.buyer_name).toBe(winner);
    }
    // One sale per ticket, whichever path won (an edit naming a buyer sells through the registration rule).
    expect(await db().auditLog.count({ where: { action: "ticket.register" } })).toBe(5);
    expect(await stats()).toMatchObject({ total: 5, registered_count: 5, revenue: 250 });
  });

  it("two edits at once: one 200, one 409", async () => {
    await customRange(1, 1);
    const results = await Promise.all([
      putTicket("00001", { buyer_name: "First Editor" }),
      putTicket("00001", { buyer_name: "Second Editor" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db().auditLog.count({ where: { action: "ticket.update" } })).toBe(1);
  });

  it("two deletes at once: one 200, one 404, and the counters drop once", async () => {
    await generate();
    const results = await Promise.all([deleteTicket("00001"), deleteTicket("00001")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await stats()).toEqual({ success: true, total: 0, registered_count: 0, unregistered_count: 0, revenue: 0 });
    expect(await db().auditLog.count({ where: { action: "ticket.delete" } })).toBe(1);
  });
});

// ---- times ---------------------------------------------------------------------------------

describe("timestamps", () => {
  it("serialises created_at, updated_at and registered_at as ISO 8601 UTC", async () => {
    const before = Date.now();
    const t = await generate();
    const after = Date.now();
    for (const key of ["created_at", "updated_at", "registered_at"] as const) {
      expect(t[key]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const ms = Date.parse(t[key]);
      // The clock of the database and of the test agree: no time zone shifted the instant.
      expect(ms).toBeGreaterThanOrEqual(before - 5_000);
      expect(ms).toBeLessThanOrEqual(after + 5_000);
    }
  });

  it("reads a stored instant back exactly, whatever zone it was written in", async () => {
    await insertTicket({ n: 1, createdAt: "2026-03-04 05:06:07.089+08" });
    const listed = (await list()).json.tickets[0];
    expect(listed.created_at).toBe("2026-03-03T21:06:07.089Z");
    expect((await getTicket("00001")).json.ticket.created_at).toBe("2026-03-03T21:06:07.089Z");
    expect((await search("status=unregistered")).json.tickets[0].created_at).toBe("2026-03-03T21:06:07.089Z");
  });
});
