// @module-tag sql
// The allocation floor (every number below it is taken) is a hint that makes generation cost
// what it asks for; these tests pin that it never makes a free number unreachable.
import { beforeEach, describe, expect, it } from "vitest";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { DELETE as deleteTicketRoute } from "@/app/api/tickets/[id]/route";
import { GET as findRangeRoute } from "@/app/api/tickets/find-available-range/[n]/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { span } from "@/tests/helpers/tickets";

const buyer = { buyer_name: "Juan Dela Cruz", phone_number: "0917 123 4567", payment_method: "cash" };
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeEach(async () => {
  await resetDb();
  admin = await createSignedInUser({ isAdmin: true });
});

const generateN = async (quantity: number) => {
  const res = await callRoute(generate, {
    method: "POST",
    path: "/api/tickets/generate",
    body: { ...buyer, quantity },
    token: admin.token,
  });
  expect(res.status).toBe(201);
  return (res.json.tickets ?? [res.json.ticket]).map((t: any) => t.ticket_number as number);
};
const floor = async () =>
  (await db().$queryRaw<{ f: number }[]>`SELECT floor_number AS f FROM ticket_number_floor`)[0].f;
const remove = (n: number) =>
  callRoute(deleteTicketRoute, {
    method: "DELETE",
    path: `/api/tickets/${n}`,
    params: { id: String(n) },
    token: admin.token,
  });
const range = (startRange: number, endRange: number) =>
  callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange, endRange, userId: "a@example.com" },
    token: admin.token,
  });

describe("the allocation floor", () => {
  it("rises past what generation takes", async () => {
    expect(await floor()).toBe(1);
    expect(await generateN(5)).toEqual(span(1, 5));
    expect(await floor()).toBe(6);
  });

  it("drops when a ticket below it is deleted, so its number is reused first", async () => {
    await generateN(10);
    expect((await remove(4)).status).toBe(200);
    expect((await remove(7)).status).toBe(200);
    expect(await floor()).toBe(4);
    expect(await generateN(3)).toEqual([4, 7, 11]);
  });

  it("skips numbers a custom range took above it", async () => {
    expect((await range(1, 50)).status).toBe(201);
    expect(await floor()).toBe(1);
    expect(await generateN(2)).toEqual([51, 52]);
    expect((await range(60, 70)).status).toBe(201);
    expect(await generateN(10)).toEqual([53, 54, 55, 56, 57, 58, 59, 71, 72, 73]);
  });

  it("resets with the table and stays put when a batch is refused", async () => {
    await db().settings.update({ where: { id: 1 }, data: { maxTicketLimit: 3 } });
    await generateN(2);
    const refused = await callRoute(generate, {
      method: "POST",
      path: "/api/tickets/generate",
      body: { ...buyer, quantity: 2 },
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(await floor()).toBe(3);
    await db().$executeRawUnsafe("TRUNCATE tickets CASCADE");
    expect(await floor()).toBe(1);
  });

  it("guides find-available-range too", async () => {
    await generateN(20);
    await remove(5);
    const res = await callRoute(findRangeRoute, {
      path: "/api/tickets/find-available-range/3",
      params: { n: "3" },
      token: admin.token,
    });
    expect(res.json).toMatchObject({ startRange: 21, endRange: 23 });
    const one = await callRoute(findRangeRoute, {
      path: "/api/tickets/find-available-range/1",
      params: { n: "1" },
      token: admin.token,
    });
    expect(one.json).toMatchObject({ startRange: 5, endRange: 5 });
  });

  it("counts every delete in its version, even one above a lower floor", async () => {
    await generateN(10);
    const version = async () =>
      (await db().$queryRaw<{ v: string }[]>`SELECT version::text AS v FROM ticket_number_floor`)[0].v;
    await remove(3);
    const afterFirst = await version();
    expect(await floor()).toBe(3);
    // 8 is above the floor: the floor stays, but an allocator that walked before this delete
    // committed must see that something changed under it.
    await remove(8);
    expect(await floor()).toBe(3);
    expect(BigInt(await version())).toBe(BigInt(afterFirst) + 1n);
  });

  // The race is timing-dependent (a delete committing while an allocator walks): three rounds
  // make a floor raised past a freed number show up reliably on PostgreSQL.
  it.each([1, 2, 3])("keeps every free number reachable while deletes and generation race (round %i)", async () => {
    await generateN(60);
    const deletes = [3, 9, 15, 21, 40].map((n) => remove(n));
    const gens = Array.from({ length: 6 }, () => generateN(5));
    await Promise.all([...deletes, ...gens]);
    // 60 - 5 deleted + 30 generated = 85 tickets; whatever the interleaving, the numbers
    // taken are exactly the 85 lowest once the stragglers are filled.
    const taken = (await db().ticket.findMany({ select: { ticketNumber: true } })).map((t) => t.ticketNumber);
    expect(new Set(taken).size).toBe(85);
    const free = span(1, 90).filter((n) => !taken.includes(n));
    expect(await generateN(free.length)).toEqual(free);
  });
});
