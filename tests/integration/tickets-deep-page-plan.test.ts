// @module-tag sql
// Issue 42, decisions 221 and 251: a deep page of the tickets list (GET /api/tickets?limit=10&offset=N)
// finds its keys by an index-only scan of ticket_order_keys' (created_at, ticket_number) key, backwards
// in the list's order (no sort), reading no table row once that table's visibility map is set, and
// then reads only the page's rows. Registrations write tickets, never that table, so they do not
// clear its map. So offset 10,000 touches index pages (~1 per 300 entries) and a few table pages.
import { beforeEach, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { plainPageQuery } from "@/server/tickets/search-tickets";
import { resetDb } from "@/tests/helpers/db";

const TICKETS = 20_000;

beforeEach(async () => {
  await resetDb();
});

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Heap Fetches"?: number;
  "Actual Rows"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

async function explain(offset: number, query = plainPageQuery(10, offset)) {
  const [row] = await db().$queryRaw<{ "QUERY PLAN": unknown }[]>(
    Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`,
  );
  const value = row["QUERY PLAN"];
  const plan = ((typeof value === "string" ? JSON.parse(value) : value) as { Plan: PlanNode }[])[0].Plan;
  const all = nodes(plan);
  const blocks = (n: PlanNode) => (n["Shared Hit Blocks"] ?? 0) + (n["Shared Read Blocks"] ?? 0);
  return {
    all,
    blocks: blocks(plan),
    describe: all.map((n) => `${n["Node Type"]}${n["Index Name"] ? ` using ${n["Index Name"]}` : ""}`).join(" > "),
  };
}

describe("deep pages of the tickets list", () => {
  const title =
    "reach offset 10,000 by an index-only scan in the list's order, reading the table for the page's rows only, " +
    "also right after registrations";
  it(title, async () => {
    // Created over several days, several tickets per timestamp (ties broken by ticket_number).
    await db().$executeRaw`
      INSERT INTO tickets (id, control_number, ticket_number, payment_method, amount, creator_email, event_name,
                           created_at)
      SELECT gen_random_uuid(), 'B2K-123-' || lpad(n::text, 5, '0'), n, 'cash', 50, 'admin@example.com', 'Raffle',
             timestamptz '2026-11-01 00:00:00+08' + ((n / 3) * interval '1 minute')
      FROM generate_series(1, ${TICKETS}::int) AS n`;
    await db().$executeRawUnsafe("VACUUM (ANALYZE) tickets, ticket_order_keys");
    // Registration-like writes to one ticket in ten (no VACUUM after): every heap page of tickets
    // loses its all-visible mark, so tickets' own index would need table reads for its entries.
    await db().$executeRaw`
      UPDATE tickets SET email = 'buyer' || ticket_number || '@example.com' WHERE ticket_number % 10 = 0`;
    const onTickets = await explain(
      10_000,
      Prisma.sql`SELECT ticket_number, created_at FROM tickets
                 ORDER BY created_at DESC, ticket_number DESC LIMIT 10 OFFSET 10000`,
    );
    const ticketsScan = onTickets.all.find((n) => n["Node Type"] === "Index Only Scan");
    expect(ticketsScan?.["Heap Fetches"], onTickets.describe).toBeGreaterThan(5_000);

    const deep = await explain(10_000);
    const shallow = await explain(0);
    const keys = deep.all.find((n) => n["Node Type"] === "Index Only Scan");
    expect(keys, deep.describe).toBeDefined();
    expect(keys!["Index Name"]).toBe("ticket_order_keys_pkey");
    expect(keys!["Heap Fetches"]).toBe(0);
    expect(keys!["Actual Rows"]).toBe(10_010);
    // In index order: nothing sorts the 10,010 keys, and no other scan reads the whole table.
    expect(
      deep.all.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Seq Scan"),
      deep.describe,
    ).toEqual([]);
    // The index's leaf pages (~300 keys each) and a probe per page row: a small multiple of offset 0.
    expect(deep.blocks).toBeLessThan(shallow.blocks + 150);

    // The rows answered are the ones at that place in the order (newest first: number 20,000 is at offset 0).
    const rows = await db().$queryRaw<{ ticket_number: number }[]>(plainPageQuery(10, 10_000));
    expect(rows.map((r) => Number(r.ticket_number))).toEqual(
      Array.from({ length: 10 }, (_, i) => TICKETS - 10_000 - i),
    );
  });
});
