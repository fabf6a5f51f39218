// Every figure of Overview, Analytics, User Sales and the ticket stats equals a count over the
// tickets (issue 19; definitions in docs/figures.md). The organiser's scenario: 10,000 blank stubs
// from Custom Range, 600 sold by three sellers with mixed payment methods, 12 voided (8 of them
// sold). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as historicalRoute } from "@/app/api/dashboard/analytics/historical/route";
import { GET as userProgressRoute } from "@/app/api/dashboard/admin/user-progress/route";
import { GET as dashboardRoute } from "@/app/api/dashboard/stats/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { GET as ticketStatsRoute } from "@/app/api/tickets/stats/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
let admin: SignedIn;
const sellers: SignedIn[] = [];

const get = async (handler: Parameters<typeof callRoute>[0], path: string) => {
  const res = await callRoute(handler, { path, token: admin.token });
  expect(res.status, path).toBe(200);
  return res.json;
};
const sql = <T>(query: TemplateStringsArray, ...values: unknown[]) => db().$queryRaw<T[]>(query, ...values);

/** Sold: registered and not voided (docs/figures.md). */
const SOLD = "t.registered_at IS NOT NULL AND t.voided_at IS NULL";

beforeAll(async () => {
  await resetDb();
  admin = await createSignedInUser({ isAdmin: true, email: "admin@example.com", displayName: "Ada Admin" });
  for (const name of ["Ana", "Ben", "Cora"])
    sellers.push(
      await createSignedInUser({ email: `${name.toLowerCase()}@example.com`, displayName: `${name} Seller` }),
    );
  const range = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    token: admin.token,
    body: { startRange: 1, endRange: 10_000, userId: "admin@example.com" },
  });
  expect(range.json.stats.generated).toBe(10_000);
  // Each seller sells 200: 100 cash, 60 GCash (one transfer), 40 bank transfer (one transfer).
  let next = 1;
  const take = (n: number) => Array.from({ length: n }, () => next++);
  for (const [i, seller] of sellers.entries()) {
    for (const [count, paymentMethod, paymentReference] of [
      [100, "cash", undefined],
      [60, "gcash", `100100000000${i}`],
      [40, "bank_transfer", `BANK-${i}`],
    ] as const) {
      const res = await callRoute(registerMultipleRoute, {
        method: "POST",
        path: "/api/tickets/register-multiple",
        token: seller.token,
        body: {
          buyerName: `Buyer of ${seller.user.displayName} ${paymentMethod}`,
          phoneNumber: "09171234567",
          ticketIds: take(count),
          paymentMethod,
          paymentReference,
        },
      });
      expect(res.json.registeredCount, JSON.stringify(res.json.errors)).toBe(count);
    }
  }
  // 12 voids: 8 sold tickets (of each method) and 4 blank stubs.
  const toVoid = await sql<{ id: string }>`
    (SELECT id FROM tickets WHERE ticket_number IN (1, 2, 150, 190, 201, 330, 401, 599))
    UNION ALL (SELECT id FROM tickets WHERE ticket_number IN (700, 5000, 9000, 10000))`;
  for (const { id } of toVoid) {
    const res = await callRoute(voidRoute, {
      method: "POST",
      path: `/api/tickets/${id}/void`,
      params: { id },
      token: admin.token,
      body: { reason: "refunded" },
    });
    expect(res.status).toBe(200);
  }
});

describe("the sales scenario", () => {
  it("has what it says", async () => {
    const [row] = await sql<{ total: number; registered: number; sold: number; voided: number }>`
      SELECT count(*)::int AS total, count(registered_at)::int AS registered,
             count(*) FILTER (WHERE registered_at IS NOT NULL AND voided_at IS NULL)::int AS sold, count(voided_at)::int
      AS voided FROM tickets`;
    expect(row).toEqual({ total: 10_000, registered: 600, sold: 592, voided: 12 });
  });

  it("ticket stats: stock keeps voided tickets, revenue counts sold ones", async () => {
    const [truth] = await db().$queryRawUnsafe<{ total: number; registered: number; revenue: number }[]>(
      `SELECT count(*)::int AS total, count(registered_at)::int AS registered, coalesce(sum(amount) ` +
        `FILTER (WHERE ${SOLD.replaceAll("t.", "")}), 0)::float8 AS revenue FROM tickets`,
    );
    expect(await get(ticketStatsRoute, "/api/tickets/stats")).toEqual({
      success: true,
      total: truth.total,
      registered_count: truth.registered,
      unregistered_count: truth.total - truth.registered,
      revenue: truth.revenue,
    });
    expect(truth.revenue).toBe(592 * 50);
  });

  it("Overview: cards, the payment doughnut and summary count sold tickets; trends count stock", async () => {
    const stats = await get(dashboardRoute, "/api/dashboard/stats");
    const methods = await db().$queryRawUnsafe<{ method: string; count: number; revenue: number }[]>(
      `SELECT t.payment_method AS method, count(*)::int AS count, sum(t.amount)::float8 AS ` +
        `revenue FROM tickets t WHERE ${SOLD} GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1`,
    );
    expect(stats.paymentBreakdown).toEqual(methods);
    expect(methods.reduce((s, m) => s + m.count, 0)).toBe(592);
    const count = (m: string) => methods.find((x) => x.method === m)?.count ?? 0;
    const [stock] = await sql<{ total: number; registered: number; today: number }>`
      SELECT count(*)::int AS total, count(registered_at)::int AS registered,
             count(*) FILTER (WHERE (created_at AT TIME ZONE 'Asia/Manila')::date = (now() AT TIME ZONE
      'Asia/Manila')::date)::int AS today FROM tickets`;
    expect(stats.summary).toMatchObject({
      total: stock.total,
      registered: stock.registered,
      unregistered: stock.total - stock.registered,
      revenue: 592 * 50,
      cash: count("cash"),
      gcash: count("gcash"),
      bank_transfer: count("bank_transfer"),
      today: stock.today,
    });
    const todayPoint = stats.trends.daily.at(-1);
    expect(todayPoint.count).toBe(stock.today);
    expect(stats.hourlyDistribution.reduce((s: number, h: { count: number }) => s + h.count, 0)).toBe(stock.total);
  });

  it(
    "Analytics: revenue, average ticket value, the doughnut, the breakdown " +
      "table and the trend count sales at their registration",
    async () => {
      const analytics = await get(historicalRoute, "/api/dashboard/analytics/historical?period=30d");
      const [truth] = await db().$queryRawUnsafe<{ sold: number; revenue: number; generated: number }[]>(
        `SELECT count(*) FILTER (WHERE ${SOLD} AND t.registered_at >= now() - interval '30 days')::int AS sold,
              coalesce(sum(t.amount) FILTER (WHERE ${SOLD} AND t.registered_at >= now() - interval '30 days'), ` +
          `0)::float8 AS revenue,
              count(*) FILTER (WHERE t.created_at >= now() - interval '30 days')::int AS generated FROM tickets t`,
      );
      expect(analytics.totals).toMatchObject({
        generatedTickets: truth.generated,
        registeredTickets: truth.sold,
        revenue: truth.revenue,
      });
      expect(analytics.currentMonth).toEqual({ registeredTickets: truth.sold, revenue: truth.revenue });
      const methods = await db().$queryRawUnsafe<{ method: string; count: number; revenue: number }[]>(
        `SELECT t.payment_method AS method, count(*)::int AS count, sum(t.amount)::float8 AS ` +
          `revenue FROM tickets t WHERE ${SOLD} GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1`,
      );
      expect(analytics.paymentBreakdown).toEqual(methods);
      const today = analytics.trends.daily.at(-1);
      expect(today).toMatchObject({ registered: truth.sold, revenue: truth.revenue });
      // Avg. Ticket Value = revenue / sold (lib/dashboard/figures.ts): ₱50.00 here.
      expect(truth.revenue / truth.sold).toBe(50);
    },
  );

  it("User Sales: each seller's sold tickets, amount and cash; each creator's stock and sold revenue", async () => {
    const progress = await get(userProgressRoute, "/api/dashboard/admin/user-progress");
    const bySeller = await sql<{ email: string; sold: number; amount: number; cash: number }>`
      SELECT u.email, count(*)::int AS sold, sum(t.amount)::float8 AS amount,
             coalesce(sum(t.amount) FILTER (WHERE t.payment_method = 'cash'), 0)::float8 AS cash
      FROM tickets t JOIN users u ON u.id = t.registered_by_id
      WHERE t.registered_at IS NOT NULL AND t.voided_at IS NULL GROUP BY u.email`;
    const byCreator = await sql<{ email: string; tickets: number; registered: number; revenue: number }>`
      SELECT t.creator_email AS email, count(*)::int AS tickets, count(t.registered_at)::int AS registered,
             coalesce(sum(t.amount) FILTER (WHERE t.registered_at IS NOT NULL AND t.voided_at IS NULL), 0)::float8 AS
      revenue
      FROM tickets t GROUP BY 1`;
    expect(bySeller).toHaveLength(3);
    for (const s of bySeller) {
      const row = progress.userProgress.find((r: { userEmail: string }) => r.userEmail === s.email);
      // A seller who generated nothing still has a row.
      expect(row, s.email).toMatchObject({
        soldTickets: s.sold,
        soldAmount: s.amount,
        cashCollected: s.cash,
        totalTickets: 0,
        registeredTickets: 0,
        totalSales: 0,
      });
    }
    for (const c of byCreator) {
      const row = progress.userProgress.find((r: { userEmail: string }) => r.userEmail === c.email);
      expect(row, c.email).toMatchObject({
        totalTickets: c.tickets,
        registeredTickets: c.registered,
        totalSales: c.revenue,
        soldTickets: 0,
      });
    }
    expect(progress.userProgress).toHaveLength(4);
    // Active Users: everyone who generated or sold (the administrator and the three sellers).
    expect(progress.overview).toEqual({
      totalRevenue: 592 * 50,
      totalTicketsGenerated: 10_000,
      totalRegistered: 600,
      activeUsers: 4,
    });
  });
});
