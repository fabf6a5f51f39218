// Payments (issue 19, docs/decisions/050-payments.md): every sale has a payment, a GCash reference
// pays for one payment only (held by a unique index, on both engines), a repeated bank reference
// needs a confirmation, and adding tickets to a payment is explicit.
import { describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { PUT as editRoute } from "@/app/api/tickets/[id]/route";
import { normalizeReference } from "@/lib/payments";
import { ticketSchema } from "@/lib/schemas/ticket-response";
import { db } from "@/server/db/client";
import { createTickets, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const maria = { buyerName: "Maria Clara", phoneNumber: "0917 123 4567" };
const juan = { buyerName: "Juan Dela Cruz", phoneNumber: "0918 765 4321" };
const GCASH = "1001 543 610110";

const users = freshAdminAndStaff();

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
const payments = () => db().payment.findMany({ orderBy: { createdAt: "asc" } });
const today = async () =>
  (await db().$queryRaw<{ d: string }[]>`SELECT to_char(now() AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS d`)[0].d;

describe("a registration's payment", () => {
  it("stores a GCash reference as typed and normalized, on the payment and the ticket, with the seller", async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    const res = await register(t.control_number, { ...maria, paymentMethod: "GCash", paymentReference: GCASH });
    expect(res.status).toBe(200);
    const ticket = ticketSchema.parse(res.json.ticket);
    expect(ticket).toMatchObject({
      payment_method: "gcash",
      gcash_reference: "1001543610110",
      registered_by_id: users.staff.user.id,
      seller_email: "staff@example.com",
    });
    expect(ticket.payment).toMatchObject({
      method: "gcash",
      reference: GCASH,
      reference_normalized: "1001543610110",
      amount_expected: "50.00",
      collected_by: "staff@example.com",
      status: "claimed",
    });
    expect(ticket.payment_id).toBe(ticket.payment!.id);
    const [p] = await payments();
    expect(p).toMatchObject({
      method: "gcash",
      gcashReferenceKey: "1001543610110",
      payerName: "Maria Clara",
      payerPhone: "9171234567",
      collectedById: users.staff.user.id,
    });
    expect(p.amountExpected.toString()).toBe("50");
  });

  it("without payment fields uses the stub's defaults, as before payments existed", async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    const res = await register(t.control_number, maria);
    expect(res.status).toBe(200);
    expect(res.json.ticket.payment).toMatchObject({ method: "cash", reference: null, amount_expected: "50.00" });
    expect(res.json.message).toBe("Ticket registered successfully");
  });

  it("refuses a GCash payment without a reference, naming the field, and writes nothing", async () => {
    const [t] = await createTickets(users.admin, 1, 1);
    for (const paymentReference of [undefined, "", " - "]) {
      const res = await register(t.control_number, { ...maria, paymentMethod: "gcash", paymentReference });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: "validation_failed",
        message: "GCash reference is required for GCash payments",
      });
      expect(res.json.issues[0].path).toBe("paymentReference");
    }
    expect(await payments()).toEqual([]);
    expect((await db().ticket.findFirstOrThrow()).registeredAt).toBeNull();
  });

  it(
    "answers 409 duplicate_reference naming the earlier ticket, day and " +
      "seller when another buyer reuses a GCash reference",
    { tags: ["sql"] },
    async () => {
      const [a, b] = await createTickets(users.admin, 1, 2);
      expect(
        (await register(a.control_number, { ...maria, paymentMethod: "gcash", paymentReference: GCASH })).status,
      ).toBe(200);
      const res = await register(
        b.control_number,
        { ...juan, paymentMethod: "gcash", paymentReference: "1001543610110" },
        users.admin.token,
      );
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({
        success: false,
        code: "duplicate_reference",
        message:
          `Reference 1001543610110 was already used ` +
          `for ${a.control_number} (registered ${await today()} by Sam ` +
          `Staff)`,
        sameBuyer: false,
        controlNumber: a.control_number,
      });
      expect((await db().ticket.findUniqueOrThrow({ where: { ticketNumber: 2 } })).registeredAt).toBeNull();
      expect(await payments()).toHaveLength(1);
    },
  );

  it("is refused the same way for a generation, a multiple registration and an edit", async () => {
    const [a, b, c] = await createTickets(users.admin, 1, 3);
    await register(a.control_number, { ...maria, paymentMethod: "gcash", paymentReference: GCASH });
    const gen = await callRoute(generate, {
      method: "POST",
      path: "/api/tickets/generate",
      token: users.staff.token,
      body: {
        buyer_name: "Juan Dela Cruz",
        phone_number: "09187654321",
        payment_method: "gcash",
        gcash_reference: "1001543610110",
      },
    });
    expect([gen.status, gen.json.code]).toEqual([409, "duplicate_reference"]);
    const many = await registerMany({
      ...juan,
      ticketIds: [b.id],
      paymentMethod: "gcash",
      paymentReference: "1001-543-610110",
    });
    expect([many.status, many.json.code]).toEqual([409, "duplicate_reference"]);
    const edit = await callRoute(editRoute, {
      method: "PUT",
      path: `/api/tickets/${c.id}`,
      params: { id: c.id },
      token: users.admin.token,
      body: {
        buyer_name: "Juan Dela Cruz",
        phone_number: "09187654321",
        payment_method: "gcash",
        gcash_reference: "1001543610110",
      },
    });
    expect([edit.status, edit.json.code]).toEqual([409, "duplicate_reference"]);
    expect(await db().ticket.count({ where: { registeredAt: { not: null } } })).toBe(1);
    expect(await db().ticket.count()).toBe(3);
  });

  it(
    "lets twenty concurrent registrations with one new reference succeed exactly once",
    { tags: ["sql"] },
    async () => {
      const tickets = await createTickets(users.admin, 1, 20);
      const results = await Promise.all(
        tickets.map((t, i) =>
          register(t.control_number, {
            buyerName: `Buyer Number ${i}`,
            phoneNumber: "09171234567",
            paymentMethod: "gcash",
            paymentReference: "2002000000001",
          }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409 && r.json.code === "duplicate_reference")).toHaveLength(19);
      expect(await payments()).toHaveLength(1);
      expect(await db().ticket.count({ where: { registeredAt: { not: null } } })).toBe(1);
    },
  );

  it("adds tickets to the same buyer's payment only when asked, and the 409 says it is the same buyer", async () => {
    const [a, b] = await createTickets(users.admin, 1, 2);
    const first = await register(a.control_number, { ...maria, paymentMethod: "gcash", paymentReference: GCASH });
    const again = await register(b.control_number, { ...maria, paymentMethod: "gcash", paymentReference: GCASH });
    expect(again.json).toMatchObject({
      code: "duplicate_reference",
      sameBuyer: true,
      paymentId: first.json.ticket.payment_id,
    });
    const added = await register(b.control_number, { ...maria, paymentId: first.json.ticket.payment_id });
    expect(added.status).toBe(200);
    expect(added.json.ticket.payment).toMatchObject({ id: first.json.ticket.payment_id, amount_expected: "100.00" });
    expect(added.json.ticket.gcash_reference).toBe("1001543610110");
    expect(await payments()).toHaveLength(1);
  });

  it("adds tickets to another buyer's payment only for an administrator with a reason, audited", async () => {
    const [a, b] = await createTickets(users.admin, 1, 2);
    const first = await register(a.control_number, { ...maria, paymentMethod: "cash" });
    const paymentId = first.json.ticket.payment_id;
    const bySeller = await register(b.control_number, { ...juan, paymentId, reason: "paid together" });
    expect([bySeller.status, bySeller.json.code]).toEqual([403, "forbidden"]);
    const noReason = await register(b.control_number, { ...juan, paymentId }, users.admin.token);
    expect(noReason.status).toBe(400);
    expect(noReason.json.issues[0].path).toBe("reason");
    const wrongMethod = await register(
      b.control_number,
      { ...juan, paymentId, paymentMethod: "gcash", reason: "paid together" },
      users.admin.token,
    );
    expect(wrongMethod.status).toBe(400);
    const ok = await register(
      b.control_number,
      { ...juan, paymentId, reason: "Maria paid for her brother" },
      users.admin.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.json.ticket.payment.amount_expected).toBe("100.00");
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: "payment.add_tickets" } });
    expect(audit).toMatchObject({ entityId: paymentId, actorId: users.admin.user.id });
    expect(audit.after).toMatchObject({ reason: "Maria paid for her brother" });
    const [c] = await createTickets(users.admin, 3, 3);
    const missing = await register(
      c.control_number,
      { ...juan, paymentId: "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99" },
      users.admin.token,
    );
    expect(missing.json).toMatchObject({ code: "not_found", message: "Payment not found" });
  });

  it("asks to confirm a repeated bank reference, then takes it and audits the confirmation", async () => {
    const [a, b] = await createTickets(users.admin, 1, 2);
    await register(a.control_number, { ...maria, paymentMethod: "bank_transfer", paymentReference: "IBFT 0042" });
    const res = await register(b.control_number, {
      ...juan,
      paymentMethod: "bank_transfer",
      paymentReference: "ibft-0042",
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: "reference_needs_confirmation",
      message:
        `Reference IBFT0042 was already used for ${a.control_number} ` +
        `(registered ${await today()} by Sam Staff). Confirm to use it again.`,
    });
    const confirmed = await register(b.control_number, {
      ...juan,
      paymentMethod: "bank_transfer",
      paymentReference: "ibft-0042",
      confirmReference: true,
    });
    expect(confirmed.status).toBe(200);
    expect(await payments()).toHaveLength(2);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: "payment.reference_confirmed" } });
    expect(audit.after).toMatchObject({ reference: "IBFT0042", earlierControlNumber: a.control_number });
  });

  it("gives a multiple registration one payment for all its tickets", async () => {
    const tickets = await createTickets(users.admin, 1, 5);
    const res = await registerMany({
      ...maria,
      ticketIds: tickets.map((t) => t.id),
      paymentMethod: "gcash",
      paymentReference: GCASH,
    });
    expect(res.json.registeredCount).toBe(5);
    const ids = new Set(res.json.registeredTickets.map((t: { payment_id: string }) => t.payment_id));
    expect(ids.size).toBe(1);
    const [p] = await payments();
    expect(p.amountExpected.toString()).toBe("250");
  });

  it("finds a ticket by its payment reference however it is spaced", async () => {
    const [a] = await createTickets(users.admin, 1, 2);
    await register(a.control_number, { ...maria, paymentMethod: "gcash", paymentReference: GCASH });
    for (const search of ["1001543610110", "1001 543 610110", "1001-543-610110"]) {
      const res = await callRoute(searchRoute, {
        path: `/api/tickets/search?search=${encodeURIComponent(search)}`,
        token: users.admin.token,
      });
      expect(
        res.json.tickets.map((t: { control_number: string }) => t.control_number),
        search,
      ).toEqual([a.control_number]);
    }
  });

  it("hides a sold ticket's payment from staff who did not sell or create it", async () => {
    const [a] = await createTickets(users.admin, 1, 1);
    await register(a.control_number, { ...maria, paymentMethod: "gcash", paymentReference: GCASH }, users.admin.token);
    const { GET } = await import("@/app/api/tickets/search/[term]/route");
    const res = await callRoute(GET, {
      path: `/api/tickets/search/${a.control_number}`,
      params: { term: a.control_number },
      token: users.staff.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.ticket).not.toHaveProperty("payment");
    expect(res.json.ticket).not.toHaveProperty("gcash_reference");
    expect(res.json.ticket.buyer_name).toBe("Maria Clara");
  });
});

describe("the reference normalization", () => {
  it("is the same in the database and in lib/payments.ts", async () => {
    const samples = ["1001 543 610110", "ref-00a/7", "  ", "ñ1", "AbC.123", "--", "١٢٣", "x\ty"];
    for (const sample of samples) {
      const [{ n }] = await db().$queryRaw<
        { n: string | null }[]
      >`SELECT payment_reference_normalize(${sample}::text) AS n`;
      expect(n, JSON.stringify(sample)).toBe(normalizeReference(sample));
    }
  });
});

describe("the database", () => {
  it("refuses a registered ticket without a payment and a second payment with one GCash key", async () => {
    await createTickets(users.admin, 1, 1);
    await expect(
      db().$executeRaw`UPDATE tickets SET buyer_name = 'Direct Write', registered_at = now() WHERE ticket_number = 1`,
    ).rejects.toThrow();
    await db()
      .$executeRaw`INSERT INTO payments (method, reference_normalized, gcash_reference_key, amount_expected) VALUES
        ('gcash', '1', '1', 50)`;
    await expect(
      db().$executeRaw`INSERT INTO payments (method, reference_normalized, gcash_reference_key, amount_expected) VALUES
          ('gcash', '1', '1', 50)`,
    ).rejects.toThrow();
    // The unique key must be the GCash reference itself: a payment cannot dodge it by leaving it empty.
    await expect(
      db().$executeRaw`INSERT INTO payments (method, reference_normalized, amount_expected) VALUES ('gcash', '2', 50)`,
    ).rejects.toThrow();
  });
});
