// @module-tag sql
// The statistics rollups (ticket_daily_stats, ticket_hourly_stats, ticket_creator_stats,
// ticket_seller_stats, ticket_counters) are kept by triggers; whatever writes the tickets (voids and
// unvoids included), alone or at the same moment, they must always equal an aggregate over the
// tickets table in the raffle's timezone.
import { describe, expect, it } from "vitest";
import { DELETE as deleteRoute, PUT as editRoute } from "@/app/api/tickets/[id]/route";
import { POST as customRangeRoute } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as generateRoute } from "@/app/api/tickets/generate/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { POST as unvoidRoute } from "@/app/api/tickets/[id]/unvoid/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { GET as statsRoute } from "@/app/api/dashboard/stats/route";
import { db } from "@/server/db/client";
import { createSignedInUser, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { placeTickets, rawAggregates, rollupAggregates } from "@/tests/helpers/placed-tickets";

const users = freshAdminAndStaff();

const buyer = { buyerName: "Juan Dela Cruz", phoneNumber: "09171234567" };

async function expectRollupsExact() {
  const [raw, rollup] = [await rawAggregates(), await rollupAggregates()];
  expect(rollup).toEqual(raw);
  return raw;
}

async function customRange(startRange: number, endRange: number) {
  const res = await callRoute(customRangeRoute, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange, endRange, userId: "range-operator" },
    token: users.admin.token,
  });
  expect(res.status).toBe(201);
}

const register = (ref: string, token = users.staff.token) =>
  callRoute(registerRoute, {
    method: "PUT",
    path: `/api/tickets/register/${ref}`,
    params: { controlNumber: ref },
    body: buyer,
    token,
  });
const voidTicket = (ref: string) =>
  callRoute(voidRoute, {
    method: "POST",
    path: `/api/tickets/${ref}/void`,
    params: { id: ref },
    body: { reason: "refunded" },
    token: users.admin.token,
  });
const unvoid = (ref: string) =>
  callRoute(unvoidRoute, {
    method: "POST",
    path: `/api/tickets/${ref}/unvoid`,
    params: { id: ref },
    body: { reason: "back in" },
    token: users.admin.token,
  });

describe("the rollups follow every kind of ticket write", () => {
  it("generate, custom range, register, register-multiple, edit and delete", async () => {
    const gen = await callRoute(generateRoute, {
      method: "POST",
      path: "/api/tickets/generate",
      body: {
        buyer_name: "Maria Santos",
        phone_number: "09171234567",
        payment_method: "GCash",
        gcash_reference: "GC1",
        quantity: 3,
      },
      token: users.staff.token,
    });
    expect(gen.status).toBe(201);
    await customRange(101, 140);
    await placeTickets([
      { number: 200, createdAt: "2025-12-31T15:59:00Z", creator: null },
      {
        number: 201,
        createdAt: "2025-12-31T16:00:00Z",
        registeredAt: "2026-01-02T03:00:00Z",
        method: "bank_transfer",
        amount: 80,
      },
    ]);
    let raw = await expectRollupsExact();
    expect(raw.creators.map((c) => c.creator)).toEqual(["", "admin@example.com", "staff@example.com"]);

    expect((await register("00101")).status).toBe(200);
    const multi = await callRoute(registerMultipleRoute, {
      method: "POST",
      path: "/api/tickets/register-multiple",
      body: { ...buyer, ticketIds: ["00102", "00103", "00104"] },
      token: users.staff.token,
    });
    expect(multi.json.registeredCount).toBe(3);
    await expectRollupsExact();

    // Edit an unregistered ticket's payment method (it stays unregistered), then delete two.
    const [t105] = await db().$queryRaw<{ id: string }[]>`SELECT id::text FROM tickets WHERE ticket_number = 105`;
    const edit = await callRoute(editRoute, {
      method: "PUT",
      path: `/api/tickets/${t105.id}`,
      params: { id: t105.id },
      body: { buyer_name: "N/A", payment_method: "bank_transfer" },
      token: users.admin.token,
    });
    expect(edit.status).toBe(200);
    for (const ref of ["00101", "00106"]) {
      const res = await callRoute(deleteRoute, {
        method: "DELETE",
        path: `/api/tickets/${ref}`,
        params: { id: ref },
        token: users.admin.token,
      });
      expect(res.status).toBe(200);
    }
    raw = await expectRollupsExact();
    expect(raw.daily.some((d) => d.method === "bank_transfer")).toBe(true);

    // A void takes a sold ticket out of the money figures; an unvoid puts it back.
    for (const ref of ["00102", "00105", "00201"]) expect((await voidTicket(ref)).status).toBe(200);
    raw = await expectRollupsExact();
    expect(raw.counters).toMatchObject({ voided: 3 });
    expect((await unvoid("00201")).status).toBe(200);
    await expectRollupsExact();

    // An amount change after registration moves revenue, and a bulk statement many rows at once.
    await db().$executeRaw`UPDATE tickets SET amount = 65 WHERE ticket_number IN (103, 201)`;
    await db().$executeRaw`UPDATE tickets SET payment_method = 'gcash' WHERE ticket_number BETWEEN 107 AND 140`;
    await db().$executeRaw`DELETE FROM tickets WHERE ticket_number BETWEEN 120 AND 130`;
    await expectRollupsExact();
  });

  it("stay exact across a change of timezone and after the table is emptied", async () => {
    await customRange(1, 30);
    await placeTickets([{ number: 90, createdAt: "2026-03-09T15:59:00Z", registeredAt: "2026-03-09T16:00:00Z" }]);
    for (const timezone of ["UTC", "Asia/Kolkata", "America/New_York", "Asia/Manila"]) {
      await db().settings.update({ where: { id: 1 }, data: { timezone } });
      await expectRollupsExact();
    }
    await db().$executeRawUnsafe(`TRUNCATE TABLE tickets CASCADE`);
    const raw = await expectRollupsExact();
    expect(raw).toEqual({
      daily: [],
      hourly: [],
      creators: [],
      sellers: [],
      counters: { total: 0, registered: 0, sold: 0, voided: 0, revenue: "0.00" },
    });
  });

  it("an unknown timezone cannot be saved (the rebuild refuses it), so ticket writes never fail on it", async () => {
    const error = await db()
      .settings.update({ where: { id: 1 }, data: { timezone: "Mars/Olympus_Mons" } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    expect((await db().settings.findUnique({ where: { id: 1 } }))?.timezone).toBe("Asia/Manila");
    await customRange(1, 2);
    await expectRollupsExact();
  });
});

describe("concurrent writers", () => {
  it("registrations and generations at the same moment leave the rollups exact", async () => {
    await customRange(1, 60);
    const clients = await Promise.all(Array.from({ length: 4 }, () => createSignedInUser()));
    const results = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => register(String(i + 1).padStart(5, "0"), clients[i % 4].token)),
      ...Array.from({ length: 6 }, (_, i) =>
        callRoute(generateRoute, {
          method: "POST",
          path: "/api/tickets/generate",
          body: {
            buyer_name: `Buyer ${i}`,
            phone_number: "09171234567",
            payment_method: i % 2 ? "cash" : "bank_transfer",
            quantity: 5,
          },
          token: clients[i % 4].token,
        }),
      ),
      // The same ticket, many times: exactly one registration may count.
      ...Array.from({ length: 8 }, (_, i) => register("00050", clients[i % 4].token)),
    ]);
    expect(results.filter((r) => r.status >= 300 && r.status !== 409)).toEqual([]);
    expect(results.slice(46).filter((r) => r.status === 200)).toHaveLength(1);
    const raw = await expectRollupsExact();
    expect(raw.creators.find((c) => c.creator === "admin@example.com")).toMatchObject({ tickets: 60, registered: 41 });
    const stats = await callRoute(statsRoute, { path: "/api/dashboard/stats", token: users.staff.token });
    expect(stats.json.summary).toMatchObject({ total: 90, registered: 71, revenue: 3550 });
  });

  it("voids, unvoids and registrations of the same tickets at the same moment leave the rollups exact", async () => {
    await customRange(1, 40);
    for (let n = 31; n <= 40; n++) expect((await voidTicket(String(n).padStart(5, "0"))).status).toBe(200);
    const ref = (n: number) => String(n).padStart(5, "0");
    const results = await Promise.all([
      // 1-10: registered and voided at once (either may come first; both are allowed).
      ...Array.from({ length: 10 }, (_, i) => register(ref(i + 1))),
      ...Array.from({ length: 10 }, (_, i) => voidTicket(ref(i + 1))),
      // 11-20: registered while 31-40 are unvoided and then sold.
      ...Array.from({ length: 10 }, (_, i) => register(ref(i + 11))),
      ...Array.from({ length: 10 }, (_, i) => unvoid(ref(i + 31)).then(() => register(ref(i + 31)))),
    ]);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const raw = await expectRollupsExact();
    expect(raw.counters.voided).toBe(10);
    expect(raw.counters.sold).toBe(
      raw.counters.registered -
        (await db().ticket.count({ where: { voidedAt: { not: null }, registeredAt: { not: null } } })),
    );
  });
});
