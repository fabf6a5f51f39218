import { beforeEach, describe, expect, it } from "vitest";
import { db, openScriptRunner } from "@/server/db/client";
import { buildSeedSql, SEED_STAFF, seedTickets } from "@/scripts/lib/seed-sql";
import { resetDb } from "@/tests/helpers/db";

async function seed(first: number, count: number) {
  const runner = await openScriptRunner();
  try {
    await runner.exec("BEGIN");
    await runner.exec(buildSeedSql({ first, count, registeredShare: 0.6, days: 90, seed: 0.42 }));
    await runner.exec("COMMIT");
  } finally {
    await runner.close();
  }
}

describe("seed data", () => {
  beforeEach(resetDb);

  it("creates staff and realistic tickets that satisfy every constraint", async () => {
    await seed(1, 2000);
    const users = await db().user.count();
    expect(users).toBe(SEED_STAFF.length);
    const tickets = await db().ticket.findMany({ orderBy: { ticketNumber: "asc" } });
    expect(tickets).toHaveLength(2000);
    expect(tickets[0].ticketNumber).toBe(1);
    expect(tickets[1999].ticketNumber).toBe(2000);
    expect(tickets[0].controlNumber).toMatch(/^B2K-\d{3}-00001$/);
    const registered = tickets.filter((t) => t.registeredAt);
    expect(registered.length / tickets.length).toBeGreaterThan(0.55);
    expect(registered.length / tickets.length).toBeLessThan(0.65);
    for (const t of registered) {
      expect(t.buyerName).toMatch(/^[A-Za-z ]+ [A-Za-z ]+$/);
      expect(t.phoneNumber).toMatch(/^9\d{9}$/);
      expect(t.registeredAt!.getTime()).toBeGreaterThanOrEqual(t.createdAt.getTime());
    }
    const methods = new Set(tickets.map((t) => t.paymentMethod));
    expect([...methods].sort()).toEqual(["bank_transfer", "cash", "gcash"]);
    const now = Date.now();
    expect(tickets.every((t) => t.createdAt.getTime() <= now && t.createdAt.getTime() > now - 91 * 86_400_000)).toBe(
      true,
    );
  });

  it("rebuilds the trigram indexes after a bulk insert with their storage options (decision 252)", async () => {
    const definitions = () =>
      db().$queryRaw<{ name: string; definition: string; options: string[] | null }[]>`
        SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition, c.reloptions AS options
        FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
        WHERE i.indrelid = 'tickets'::regclass AND c.relam = (SELECT oid FROM pg_am WHERE amname = 'gin') ORDER BY 1`;
    const before = await definitions();
    expect(before.map((i) => i.options)).toEqual(Array(4).fill(["fastupdate=on", "gin_pending_list_limit=256"]));
    const runner = await openScriptRunner();
    try {
      await runner.exec("BEGIN");
      await seedTickets(runner, { first: 1, count: 300, registeredShare: 0.6, days: 90, seed: 0.42, bulkFrom: 100 });
      await runner.exec("COMMIT");
    } finally {
      await runner.close();
    }
    expect(await db().ticket.count()).toBe(300);
    expect(await definitions()).toEqual(before);
    // Built over the rows: a search finds a seeded buyer through the index.
    const [{ buyer }] = await db().$queryRaw<{ buyer: string }[]>`
      SELECT buyer_name AS buyer FROM tickets WHERE buyer_name IS NOT NULL ORDER BY ticket_number LIMIT 1`;
    const [{ n }] = await db().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM tickets WHERE buyer_name ILIKE ${`%${buyer}%`}`;
    expect(n).toBeGreaterThan(0);
  });

  it("appends after existing tickets and leaves existing staff alone", async () => {
    await seed(1, 100);
    await seed(101, 100);
    expect(await db().ticket.count()).toBe(200);
    expect(await db().user.count()).toBe(SEED_STAFF.length);
  });
});
