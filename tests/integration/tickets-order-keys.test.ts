// @module-tag sql
// Issue 42, decision 251: the plain listing's pages are picked from `ticket_order_keys`, the list's
// order kept by triggers on tickets. Whatever happened to tickets (bulk inserts, sales, deletes, a
// changed creation time, ties on created_at), the table holds exactly tickets' keys and every page
// is the one the plain query over tickets answers, in the same order, on both engines.
import { beforeEach, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/tickets/route";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff, createSoldTickets } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let token: string;

beforeEach(async () => {
  await resetDb();
  ({
    admin: { token },
  } = await createAdminAndStaff());
});

/** The keys tickets has and the keys the side table has, each in the list's order. */
async function bothKeys() {
  const order = (table: "tickets" | "ticket_order_keys") =>
    db().$queryRawUnsafe<{ created_at: Date; ticket_number: number }[]>(
      `SELECT created_at, ticket_number FROM ${table} ORDER BY created_at DESC, ticket_number DESC`,
    );
  return { tickets: await order("tickets"), keys: await order("ticket_order_keys") };
}

async function page(query: string, route: "list" | "search" = "list") {
  const res = await callRoute(route === "list" ? listRoute : searchRoute, {
    token,
    path: `/api/tickets${route === "list" ? "" : "/search"}?${query}`,
  });
  expect(res.status).toBe(200);
  return res.json as { tickets: { id: string; ticketNumber: number }[]; total: number };
}

/** The page as the plain query over tickets answers it, with the same filter. */
async function plainPage(where: string, limit: number, offset: number) {
  const rows = await db().$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM tickets t ${where} ORDER BY created_at DESC, ticket_number DESC LIMIT $1 OFFSET $2`,
    limit,
    offset,
  );
  return rows.map((r) => r.id);
}

describe("ticket_order_keys (decision 251)", () => {
  const title =
    "holds exactly tickets' keys through inserts, sales, deletes and a changed creation time, " +
    "and pages match the plain query";
  it(title, async () => {
    // Sold tickets through the registration's bulk shape, then 600 unsold ones three to a minute (ties
    // on created_at, broken by ticket_number).
    await createSoldTickets(150, 1);
    await db().$executeRaw`
      INSERT INTO tickets (id, control_number, ticket_number, payment_method, amount, creator_email, event_name,
                           created_at)
      SELECT gen_random_uuid(), 'B2K-123-' || lpad(n::text, 5, '0'), n, 'cash', 50, 'admin@example.com', 'Raffle',
             timestamptz '2026-11-01 00:00:00+08' + ((n / 3) * interval '1 minute')
      FROM generate_series(151, 750) AS n`;
    // Deleted tickets leave; a ticket whose creation time changes moves.
    expect(await db().$executeRaw`DELETE FROM tickets WHERE ticket_number BETWEEN 300 AND 329`).toBe(30);
    await db()
      .$executeRaw`UPDATE tickets SET created_at = timestamptz '2026-10-01 00:00:00+08' WHERE ticket_number = 700`;
    await db().$executeRaw`UPDATE tickets SET ticket_number = 999 WHERE ticket_number = 701`;
    // A registration-like write of other columns leaves the side table alone.
    await db()
      .$executeRaw`UPDATE tickets SET email = 'x' || ticket_number || '@example.com' WHERE ticket_number % 7 = 0`;

    const { tickets, keys } = await bothKeys();
    expect(tickets).toHaveLength(720);
    expect(keys).toEqual(tickets);
    expect(keys.at(-1)!.ticket_number).toBe(700);
    expect(keys.some((k) => k.ticket_number === 999)).toBe(true);

    for (const offset of [0, 3, 10, 149, 150, 355, 710, 719, 720]) {
      const answer = await page(`limit=10&offset=${offset}`);
      expect(answer.total).toBe(720);
      expect(
        answer.tickets.map((t) => t.id),
        `offset ${offset}`,
      ).toEqual(await plainPage("", 10, offset));
    }
    // The search route unfiltered takes the same path; filtered pages (their own path) agree too.
    const all = await page("limit=10&offset=355&status=all", "search");
    expect(all.tickets.map((t) => t.id)).toEqual(await plainPage("", 10, 355));
    const registered = await page("limit=10&offset=140&status=registered", "search");
    expect(registered.tickets.map((t) => t.id)).toEqual(await plainPage("WHERE t.registered_at IS NOT NULL", 10, 140));
    const unregistered = await page("limit=25&offset=500&status=unregistered", "search");
    expect(unregistered.tickets.map((t) => t.id)).toEqual(await plainPage("WHERE t.registered_at IS NULL", 25, 500));
  });

  it("empties with tickets on TRUNCATE and takes a bulk insert's rows in one statement", async () => {
    await createSoldTickets(40, 1);
    await db().$executeRawUnsafe(`TRUNCATE TABLE ticket_attachments, tickets CASCADE`);
    expect((await bothKeys()).keys).toEqual([]);
    await createSoldTickets(25, 100);
    const { tickets, keys } = await bothKeys();
    expect(tickets).toHaveLength(25);
    expect(keys).toEqual(tickets);
  });
});
