// @module-tag sql
// Issue 28, decision 081: the tickets list and search page by keyset (after/before cursors) as
// well as by offset, and a filtered search may ask for a count that stops at 1,000 ("1,000+").
// The spec's answer {success, tickets, total} is unchanged for callers that ask for neither.
import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/tickets/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const users = freshAdminAndStaff();

const list = (query = "") => callRoute(listRoute, { path: `/api/tickets${query}`, token: users.admin.token });
const search = (query: string) =>
  callRoute(searchRoute, { path: `/api/tickets/search?${query}`, token: users.admin.token });
const numbersOf = (res: { json: { tickets: { ticket_number: number }[] } }) =>
  res.json.tickets.map((t) => t.ticket_number);

async function makeTickets(start: number, end: number) {
  const res = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange: start, endRange: end, userId: "admin@example.com" },
    token: users.admin.token,
  });
  expect(res.status).toBe(201);
}

describe("count=capped", () => {
  it(
    "counts a big filtered match up to 1,000 and says so; exact " + "by default, and the counters' totals stay exact",
    async () => {
      await makeTickets(1, 1100);
      const exact = await search("search=b2k&limit=10");
      expect(Object.keys(exact.json).sort()).toEqual(["success", "tickets", "total"]);
      expect(exact.json.total).toBe(1100);

      const capped = await search("search=b2k&limit=10&count=capped");
      expect(capped.status).toBe(200);
      expect(capped.json).toMatchObject({ success: true, total: 1000, totalCapped: true });
      expect(numbersOf(capped)).toEqual(numbersOf(exact));
      expect(capped.json.tickets).toHaveLength(10);
      // Whether a page follows is looked up one row further, so a match that is a whole number of
      // pages ends on a full page with no Next (decision 137).
      expect(capped.json.hasNext).toBe(true);
      const last = await search("search=b2k&limit=10&count=capped&offset=1090");
      expect(last.json.tickets).toHaveLength(10);
      expect(last.json.hasNext).toBe(false);
      expect((await search("search=b2k&limit=10&count=capped&offset=1080")).json.hasNext).toBe(true);

      const small = await search("search=b2k-&limit=10&count=capped&status=unregistered&user=admin%40example.com");
      expect(small.json).toMatchObject({ total: 1000, totalCapped: true });
      expect((await search("search=-0001&count=capped")).json).toMatchObject({ total: 10, totalCapped: false });
      expect((await search("search=-01000&count=capped")).json).toMatchObject({ total: 1, totalCapped: false });
      // Unfiltered and status-only totals come from the counters: exact, never capped.
      expect((await list("?count=capped")).json).toMatchObject({ total: 1100, totalCapped: false });
      expect((await search("status=unregistered&count=capped")).json).toMatchObject({
        total: 1100,
        totalCapped: false,
      });
      expect(await db().ticket.count()).toBe(1100);
      expect((await search("count=whatever")).json).toMatchObject({
        code: "validation_failed",
        message: "count must be exact or capped",
      });
    },
    120_000,
  );
});

describe("keyset paging", () => {
  it(
    "after/before walk the same pages as offset, both ways, for the " +
      "listing and a filtered search, ties broken by number",
    async () => {
      await makeTickets(1, 35);
      await makeTickets(100, 120);
      // Two creation times, many tickets sharing each (one statement each): the number breaks ties.
      const byOffset = async (path: (q: string) => ReturnType<typeof list>, base: string, offset: number) =>
        numbersOf(await path(`${base}&limit=10&offset=${offset}`));
      for (const [path, base] of [
        [(q: string) => list(`?${q}`), "count=capped"],
        [(q: string) => search(q), "search=b2k&status=unregistered&count=capped"],
      ] as const) {
        const first = await path(`${base}&limit=10`);
        expect(first.json.prevCursor).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_\d+$/);
        let page = first;
        const walked: number[][] = [numbersOf(first)];
        const hasNext: boolean[] = [first.json.hasNext];
        for (let i = 1; i < 7; i++) {
          page = await path(`${base}&limit=10&after=${encodeURIComponent(page.json.nextCursor)}`);
          expect(page.status).toBe(200);
          walked.push(numbersOf(page));
          hasNext.push(page.json.hasNext);
        }
        expect(hasNext).toEqual([true, true, true, true, true, false, false]);
        for (let i = 0; i < 7; i++) expect(walked[i]).toEqual(await byOffset(path, base, i * 10));
        expect(walked[5]).toHaveLength(6);
        expect(walked[6]).toEqual([]);
        expect(walked.flat()).toHaveLength(56);
        // Back from page 5 (index 4) to page 4.
        const fifth = await path(
          `${base}&limit=10&after=${encodeURIComponent((await path(`${base}&limit=10&offset=30`)).json.nextCursor)}`,
        );
        expect(numbersOf(fifth)).toEqual(walked[4]);
        const back = await path(`${base}&limit=10&before=${encodeURIComponent(fifth.json.prevCursor)}`);
        expect(numbersOf(back)).toEqual(walked[3]);
        expect(back.json.hasNext).toBe(true);
      }
      const bad = await list("?after=page-2");
      expect(bad.status).toBe(400);
      expect(bad.json.message).toBe("The cursor must be one a page answered (nextCursor or prevCursor)");
    },
    120_000,
  );
});
