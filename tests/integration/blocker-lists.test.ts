// Every blocking item of Close sales and Close links to a list of exactly what it counts (issue 37,
// decision 243): the sellers' items to the Remittances screen filtered the same way (its filters read
// from lib/remittance-filters), the statement lines one item per kind, each to the tab of its lines.
import { describe, expect, it } from "vitest";
import { POST as remittancesRoute } from "@/app/api/remittances/route";
import { GET as balancesRoute } from "@/app/api/remittances/balances/route";
import { GET as linesRoute } from "@/app/api/reconciliation/lines/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { GET as closeoutRoute } from "@/app/api/raffle/closeout/route";
import type { SellerBalance } from "@/lib/schemas/remittance";
import {
  hasOpenBalance,
  holdsOutstandingStubs,
  SELLERS_WITH_BALANCE_HREF,
  SELLERS_WITH_STUBS_HREF,
} from "@/lib/remittance-filters";
import { REPORT_NAMES } from "@/lib/reconciliation-names";
import { db } from "@/server/db/client";
import { createSellerWithAllocation, createTickets, sellTicket, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

type Item = { item: string; message: string; href: string };

const users = freshAdminAndStaff();

const balances = async () => {
  const res = await callRoute(balancesRoute, { path: "/api/remittances/balances", token: users.admin.token });
  expect(res.status).toBe(200);
  return (res.json as { sellers: SellerBalance[] }).sellers;
};
const remit = async (sellerId: string, amount: string) => {
  const res = await callRoute(remittancesRoute, {
    method: "POST",
    path: "/api/remittances",
    body: { sellerId, amount, method: "cash" },
    token: users.admin.token,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
};
const closeSales = async () => {
  const res = await callRoute(closeSalesRoute, {
    method: "POST",
    path: "/api/raffle/close-sales",
    body: { overrides: [] },
    token: users.admin.token,
  });
  expect(res.status).toBe(409);
  return res.json.blocking as Item[];
};
const closeoutBlocking = async () => {
  const res = await callRoute(closeoutRoute, { path: "/api/raffle/closeout", token: users.admin.token });
  expect(res.status).toBe(200);
  return res.json.closeout.blocking as Item[];
};
const firstNumber = (message: string) => Number(/\d+/.exec(message)?.[0]);

/** The sellers the Remittances screen lists at `href` (the same predicates the screen filters with). */
function sellersAt(href: string, sellers: SellerBalance[]) {
  const q = new URL(href, "http://x").searchParams;
  return sellers.filter(
    (s) =>
      (q.get("balance") !== "nonzero" || hasOpenBalance(s)) &&
      (q.get("stubs") !== "outstanding" || holdsOutstandingStubs(s)),
  );
}

/**
 * Ana owes (one cash sale, one stub left); Ben remitted more than he collected (owed, one stub left);
 *  Cara remitted exactly what she collected but still holds a stub; Dan is square with nothing left.
 */
async function fourSellers() {
  await createTickets(users.admin, 1, 8);
  const ana = await createSellerWithAllocation(users.admin, { from: 1, to: 2 }, { email: "ana@example.com" });
  const ben = await createSellerWithAllocation(users.admin, { from: 3, to: 4 }, { email: "ben@example.com" });
  const cara = await createSellerWithAllocation(users.admin, { from: 5, to: 6 }, { email: "cara@example.com" });
  const dan = await createSellerWithAllocation(users.admin, { from: 7, to: 7 }, { email: "dan@example.com" });
  const control = async (n: number) =>
    (await db().ticket.findFirstOrThrow({ where: { ticketNumber: n } })).controlNumber;
  await sellTicket(ana, await control(1));
  await sellTicket(ben, await control(3));
  await sellTicket(cara, await control(5));
  await sellTicket(dan, await control(7));
  const collected = (id: string) => async () => (await balances()).find((s) => s.sellerId === id)!.cashCollected;
  await remit(ben.user.id, (Number(await collected(ben.user.id)()) + 20).toFixed(2));
  await remit(cara.user.id, await collected(cara.user.id)());
  await remit(dan.user.id, await collected(dan.user.id)());
  return { ana, ben, cara, dan };
}

describe("the sellers' blocking items link to exactly the sellers they count", () => {
  it("Close sales: seller_balances (owing and owed) and outstanding_stubs", async () => {
    const { ana, ben, cara } = await fourSellers();
    const sellers = await balances();
    const blocking = await closeSales();
    const owing = blocking.find((b) => b.item === "seller_balances")!;
    expect(owing).toEqual({
      item: "seller_balances",
      message: "2 sellers still have a cash balance that is not zero",
      href: SELLERS_WITH_BALANCE_HREF,
    });
    expect(owing.href).toBe("/dashboard/remittances?balance=nonzero");
    expect(
      sellersAt(owing.href, sellers)
        .map((s) => s.sellerId)
        .sort(),
    ).toEqual([ana.user.id, ben.user.id].sort());
    // Ben's balance is below zero: "Owing only" would leave him out, so the link uses its own filter.
    expect(Number(sellers.find((s) => s.sellerId === ben.user.id)!.balance)).toBeLessThan(0);

    const stubs = blocking.find((b) => b.item === "outstanding_stubs")!;
    expect(stubs).toEqual({
      item: "outstanding_stubs",
      message: "3 stubs handed to sellers are neither sold, returned nor voided",
      href: SELLERS_WITH_STUBS_HREF,
    });
    const holding = sellersAt(stubs.href, sellers);
    expect(holding.map((s) => s.sellerId).sort()).toEqual([ana.user.id, ben.user.id, cara.user.id].sort());
    expect(holding.reduce((sum, s) => sum + s.outstandingStubs, 0)).toBe(firstNumber(stubs.message));
  });

  it("Close-out: seller_balances links to the same sellers, with the same count", async () => {
    const { ana, ben } = await fourSellers();
    const owing = (await closeoutBlocking()).find((b) => b.item === "seller_balances")!;
    expect(owing.href).toBe(SELLERS_WITH_BALANCE_HREF);
    const listed = sellersAt(owing.href, await balances());
    expect(listed.map((s) => s.sellerId).sort()).toEqual([ana.user.id, ben.user.id].sort());
    expect(firstNumber(owing.message)).toBe(listed.length);
  });
});

describe("Close-out's open statement lines: one item per kind, each linking to its tab", () => {
  const TAB_STATE: Record<string, string> = {
    unmatched: "unmatched",
    mismatches: "amount_mismatch",
    duplicates: "duplicate",
  };

  async function lines(states: string[]) {
    await createTickets(users.admin, 1, 1);
    const ana = await createSellerWithAllocation(users.admin, { from: 1, to: 1 }, { email: "ana@example.com" });
    const control = (await db().ticket.findFirstOrThrow({ where: { ticketNumber: 1 } })).controlNumber;
    const ticket = await sellTicket(ana, control, { method: "gcash" });
    const [{ payment_id: paymentId }] = await db().$queryRaw<{ payment_id: string }[]>`
      SELECT payment_id::text FROM tickets WHERE control_number = ${ticket.control_number}`;
    const [imp] = await db().$queryRaw<{ id: string }[]>`
      INSERT INTO statement_imports (kind, account_label, file_name, file_sha256, lines_read, lines_new, lines_skipped)
      VALUES ('bank_csv', 'BPI 1234', 'stmt.csv', ${"a".repeat(64)}, ${states.length}, ${states.length}, 0) RETURNING
      id`;
    for (const [i, state] of states.entries()) {
      await db().$executeRaw`
        INSERT INTO statement_lines (import_id, account_label, line_no, occurred_at, description, amount, checksum,
        state, payment_id)
        VALUES (${imp.id}::uuid, 'BPI 1234', ${i + 1}, now(), 'Transfer', 40, ${`c${i}`}, ${state},
          ${state === "unmatched" ? null : paymentId}::uuid)`;
    }
  }

  it("counts each kind apart, and each href's tab lists exactly that many lines", async () => {
    await lines(["unmatched", "unmatched", "amount_mismatch", "duplicate", "duplicate", "duplicate"]);
    const items = (await closeoutBlocking()).filter((b) => b.item.endsWith("_lines"));
    expect(items).toEqual([
      {
        item: "unmatched_lines",
        message: "2 statement lines are open, without a payment",
        href: "/dashboard/reconciliation?tab=unmatched",
      },
      {
        item: "mismatched_lines",
        message: "1 statement line is open, with a different amount",
        href: "/dashboard/reconciliation?tab=mismatches",
      },
      {
        item: "duplicate_lines",
        message: "3 statement lines are open, a duplicate",
        href: "/dashboard/reconciliation?tab=duplicates",
      },
    ]);
    for (const item of items) {
      const tab = new URL(item.href, "http://x").searchParams.get("tab")!;
      expect(REPORT_NAMES).toContain(tab);
      const res = await callRoute(linesRoute, {
        path: `/api/reconciliation/lines?state=${TAB_STATE[tab]}`,
        token: users.admin.token,
      });
      expect(res.status).toBe(200);
      expect(res.json.total, item.item).toBe(firstNumber(item.message));
    }
  });

  it("a kind with no open line has no item", async () => {
    await lines(["amount_mismatch"]);
    expect((await closeoutBlocking()).map((b) => b.item)).not.toContain("unmatched_lines");
    expect((await closeoutBlocking()).filter((b) => b.item.endsWith("_lines")).map((b) => b.item)).toEqual([
      "mismatched_lines",
    ]);
  });
});
