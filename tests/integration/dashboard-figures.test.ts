// The statistics endpoints through their route handlers: revenue only from registered tickets,
// per-user figures and rates, recent activity and its order, the period parameter, and who may ask.
import { describe, expect, it } from "vitest";
import { GET as userProgressRoute } from "@/app/api/dashboard/admin/user-progress/route";
import { GET as historicalRoute } from "@/app/api/dashboard/analytics/historical/route";
import { GET as statsRoute } from "@/app/api/dashboard/stats/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { GET as ticketStatsRoute } from "@/app/api/tickets/stats/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import type { DashboardStats, HistoricalAnalytics, UserProgress } from "@/lib/api/dashboard";
import { AppError } from "@/server/http/errors";
import { getHistoricalAnalytics } from "@/server/dashboard/get-historical-analytics";
import { getUserProgress } from "@/server/dashboard/get-user-progress";
import { getDashboardStats } from "@/server/dashboard/get-dashboard-stats";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { placeTickets } from "@/tests/helpers/placed-tickets";
import { principalOf } from "@/tests/helpers/principal";

const users = freshAdminAndStaff();

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const getStats = async (token = users.staff.token) => {
  const res = await callRoute<DashboardStats>(statsRoute, { path: "/api/dashboard/stats", token });
  expect(res.status).toBe(200);
  return res.json;
};

describe("money figures count sold tickets only (docs/figures.md)", () => {
  it(
    "counts every ticket in stock, but the payment breakdown and " + "revenue only sold ones, as the ticket stats do",
    async () => {
      await placeTickets([
        { number: 1, createdAt: minutesAgo(50), registeredAt: minutesAgo(50), method: "cash", amount: 50 },
        { number: 2, createdAt: minutesAgo(40), registeredAt: minutesAgo(30), method: "GCash", amount: 120.5 },
        { number: 3, createdAt: minutesAgo(30), method: "gcash", amount: 500 },
        { number: 4, createdAt: minutesAgo(20), method: "bank_transfer", amount: 50 },
        { number: 5, createdAt: minutesAgo(10), registeredAt: minutesAgo(5), method: "bank_transfer", amount: 75 },
      ]);
      const s = await getStats();
      // Unsold stubs (3 and 4) carry a method but sold nothing: they are in no money figure.
      expect(s.summary).toMatchObject({
        total: 5,
        cash: 1,
        gcash: 1,
        bank_transfer: 1,
        registered: 3,
        unregistered: 2,
        revenue: 245.5,
      });
      expect(s.paymentBreakdown).toEqual([
        { method: "gcash", count: 1, revenue: 120.5 },
        { method: "bank_transfer", count: 1, revenue: 75 },
        { method: "cash", count: 1, revenue: 50 },
      ]);
      const ticketStats = await callRoute(ticketStatsRoute, { path: "/api/tickets/stats", token: users.admin.token });
      expect(ticketStats.json).toMatchObject({ total: 5, registered_count: 3, revenue: 245.5 });

      const h = (
        await callRoute<HistoricalAnalytics>(historicalRoute, {
          path: "/api/dashboard/analytics/historical?period=7d",
          token: users.admin.token,
        })
      ).json;
      expect(h.totals).toMatchObject({ generatedTickets: 5, registeredTickets: 3, revenue: 245.5 });
      expect(h.performance.registrationRate).toBe(60);
      expect(h.trends.daily.reduce((sum, d) => sum + d.revenue, 0)).toBe(245.5);
    },
  );

  it("a ticket registered days after it was made adds its revenue on its registration day", async () => {
    const [id] = await placeTickets([
      { number: 7, createdAt: "2026-01-05T02:00:00Z", creator: users.admin.user.email },
    ]);
    const before = await getHistoricalAnalytics({
      principal: principalOf(users.admin),
      period: "30d",
      now: new Date("2026-01-20T04:00:00Z"),
    });
    expect(before.trends.daily.find((d) => d.date === "2026-01-05")).toEqual({
      date: "2026-01-05",
      count: 1,
      registered: 0,
      revenue: 0,
    });
    const res = await callRoute(registerRoute, {
      method: "PUT",
      path: "/api/tickets/register/00007",
      params: { controlNumber: "00007" },
      body: { buyerName: "Maria Santos", phoneNumber: "09171234567" },
      token: users.staff.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.ticket.ticket_id).toBe(id);
    const s = await getStats();
    const today = s.trends.daily.at(-1)!.date;
    const after = await getHistoricalAnalytics({ principal: principalOf(users.admin), period: "7d" });
    expect(after.trends.daily.find((d) => d.date === today)).toMatchObject({ count: 0, registered: 1, revenue: 50 });
    expect(s.recentActivity[0]).toMatchObject({
      ticket_id: id,
      activity_type: "registered",
      buyer_name: "Maria Santos",
      is_registered: true,
      is_void: false,
    });
    // Voided, the row stays (it happened) and says the ticket is void now.
    const voided = await callRoute(voidRoute, {
      method: "POST",
      path: `/api/tickets/${id}/void`,
      params: { id },
      body: { reason: "lost_stub" },
      token: users.admin.token,
    });
    expect(voided.status).toBe(200);
    expect((await getStats()).recentActivity[0]).toMatchObject({
      ticket_id: id,
      activity_type: "registered",
      is_registered: true,
      is_void: true,
    });
  });
});

describe("user progress", () => {
  it("one row per creator with totals, rates and latest ticket, largest sales first", async () => {
    const ana = "ana@example.com";
    const ben = "ben@example.com";
    const cy = "cy@example.com";
    await placeTickets([
      // Ana: 4 tickets, 1 registered (25%), ₱50
      { number: 1, createdAt: "2026-02-01T01:00:00Z", registeredAt: "2026-02-01T01:00:00Z", creator: ana },
      { number: 2, createdAt: "2026-02-02T01:00:00Z", creator: ana },
      { number: 3, createdAt: "2026-02-03T01:00:00Z", creator: ana },
      { number: 4, createdAt: "2026-02-04T01:00:00Z", creator: ana },
      // Ben: 2 tickets, both registered (100%), ₱150
      { number: 5, createdAt: "2026-02-01T01:00:00Z", registeredAt: "2026-02-01T02:00:00Z", creator: ben, amount: 100 },
      { number: 6, createdAt: "2026-02-06T01:00:00Z", registeredAt: "2026-02-06T01:00:00Z", creator: ben },
      // Cy: 3 tickets, none registered
      { number: 8, createdAt: "2026-02-07T01:00:00Z", creator: cy },
      { number: 9, createdAt: "2026-02-08T01:00:00Z", creator: cy },
      { number: 10, createdAt: "2026-02-09T01:00:00Z", creator: cy },
      // No recorded creator
      { number: 11, createdAt: "2026-02-10T01:00:00Z", registeredAt: "2026-02-10T01:00:00Z", creator: null },
    ]);
    const res = await callRoute<UserProgress>(userProgressRoute, {
      path: "/api/dashboard/admin/user-progress",
      token: users.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.overview).toEqual({
      totalRevenue: 250,
      totalTicketsGenerated: 10,
      totalRegistered: 4,
      activeUsers: 3,
    });
    // Placed tickets record no seller: their sales (4 tickets, ₱250, all cash) are the Unknown row's.
    // Seller first (issue 38): the rows are ordered by what each person sold, then by what they generated.
    const none = { soldTickets: 0, soldAmount: 0, cashCollected: 0, remitted: 0, owed: 0 };
    expect(res.json.userProgress).toEqual([
      {
        userEmail: "Unknown",
        totalTickets: 1,
        registeredTickets: 1,
        registrationRate: 100,
        totalSales: 50,
        latestTicketDate: "2026-02-10T01:00:00.000Z",
        soldTickets: 4,
        soldAmount: 250,
        cashCollected: 250,
        remitted: 0,
        owed: 250,
      },
      {
        userEmail: ben,
        totalTickets: 2,
        registeredTickets: 2,
        registrationRate: 100,
        totalSales: 150,
        latestTicketDate: "2026-02-06T01:00:00.000Z",
        ...none,
      },
      {
        userEmail: ana,
        totalTickets: 4,
        registeredTickets: 1,
        registrationRate: 25,
        totalSales: 50,
        latestTicketDate: "2026-02-04T01:00:00.000Z",
        ...none,
      },
      {
        userEmail: cy,
        totalTickets: 3,
        registeredTickets: 0,
        registrationRate: 0,
        totalSales: 0,
        latestTicketDate: "2026-02-09T01:00:00.000Z",
        ...none,
      },
    ]);
  });

  it("rounds rates to one decimal and is empty with no tickets", async () => {
    const empty = await getUserProgress({ principal: principalOf(users.admin) });
    expect(empty).toEqual({
      success: true,
      overview: { totalRevenue: 0, totalTicketsGenerated: 0, totalRegistered: 0, activeUsers: 0 },
      userProgress: [],
    });
    await placeTickets([
      { number: 1, createdAt: minutesAgo(3), registeredAt: minutesAgo(3) },
      { number: 2, createdAt: minutesAgo(2) },
      { number: 3, createdAt: minutesAgo(1) },
    ]);
    const p = await getUserProgress({ principal: principalOf(users.admin) });
    expect(p.userProgress.find((u) => u.userEmail === "staff@example.com")).toMatchObject({ registrationRate: 33.3 });
  });
});

describe("recent activity", () => {
  it("the latest 10 generations and later registrations, newest first, each at its own time", async () => {
    const ids = await placeTickets([
      { number: 1, createdAt: minutesAgo(120) }, // generated, registered at -5 (a later registration)
      // generated with its buyer: one activity
      { number: 2, createdAt: minutesAgo(110), registeredAt: minutesAgo(110) },
      ...Array.from({ length: 10 }, (_, i) => ({ number: 20 + i, createdAt: minutesAgo(100 - i * 5) })), // -100 .. -55
      { number: 3, createdAt: minutesAgo(50), registeredAt: minutesAgo(50), method: "gcash", buyer: "Ana Reyes" },
    ]);
    await callRoute(registerRoute, {
      method: "PUT",
      path: "/api/tickets/register/00001",
      params: { controlNumber: "00001" },
      body: { buyerName: "Late Buyer", phoneNumber: "09171234567" },
      token: users.staff.token,
    });
    const s = await getStats();
    expect(s.recentActivity).toHaveLength(10);
    expect(s.recentActivity[0]).toMatchObject({
      ticket_id: ids[0],
      activity_type: "registered",
      buyer_name: "Late Buyer",
      control_number: "B2K-500-00001",
      is_registered: true,
    });
    expect(s.recentActivity[1]).toMatchObject({
      activity_type: "generated",
      buyer_name: "Ana Reyes",
      payment_method: "gcash",
      is_registered: true,
    });
    expect(s.recentActivity.slice(2).map((a) => a.control_number)).toEqual(
      [29, 28, 27, 26, 25, 24, 23, 22].map((n) => `B2K-500-000${n}`),
    );
    expect(
      s.recentActivity
        .slice(2)
        .every((a) => a.activity_type === "generated" && !a.is_registered && a.buyer_name === null),
    ).toBe(true);
    const times = s.recentActivity.map((a) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Date.now() - times[0]).toBeLessThan(60_000);
  });

  it("is empty with no tickets, and the totals are zeros", async () => {
    const s = await getStats();
    expect(s.recentActivity).toEqual([]);
    expect(s.summary).toEqual({
      total: 0,
      today: 0,
      thisWeek: 0,
      thisMonth: 0,
      cash: 0,
      gcash: 0,
      bank_transfer: 0,
      registered: 0,
      unregistered: 0,
      revenue: 0,
    });
    expect(s.paymentBreakdown).toEqual([]);
    expect(s.trends.daily.every((d) => d.count === 0)).toBe(true);
  });
});

describe("the period parameter and who may ask", () => {
  it("defaults to 30d, takes each allowed value, and refuses anything else naming the allowed values", async () => {
    const call = (query: string) =>
      callRoute<HistoricalAnalytics>(historicalRoute, {
        path: `/api/dashboard/analytics/historical${query}`,
        token: users.admin.token,
      });
    expect((await call("")).json.period).toBe("30d");
    expect((await call("?period=")).json.period).toBe("30d");
    for (const period of ["7d", "30d", "90d", "1y"]) expect((await call(`?period=${period}`)).json.period).toBe(period);
    for (const bad of ["7", "1Y", "365d", "all"]) {
      const res = await call(`?period=${bad}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        success: false,
        code: "validation_failed",
        message: "period must be one of 7d, 30d, 90d, 1y",
      });
    }
  });

  it("staff see the overview's statistics; the services refuse them analytics and user progress", async () => {
    expect((await callRoute(statsRoute, { path: "/api/dashboard/stats", token: users.staff.token })).status).toBe(200);
    expect(
      (await callRoute(historicalRoute, { path: "/api/dashboard/analytics/historical", token: users.staff.token }))
        .status,
    ).toBe(403);
    expect(
      (await callRoute(userProgressRoute, { path: "/api/dashboard/admin/user-progress", token: users.staff.token }))
        .status,
    ).toBe(403);
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof AppError ? e.code : e),
      );
    expect(await refused(getHistoricalAnalytics({ principal: principalOf(users.staff), period: "7d" }))).toBe(
      "forbidden",
    );
    expect(await refused(getUserProgress({ principal: principalOf(users.staff) }))).toBe("forbidden");
    expect(await refused(getDashboardStats({ principal: null as never }))).toBe("unauthorized");
  });

  it("reports the median response time of this server's API requests over the last hour", async () => {
    for (let i = 0; i < 3; i++) await getStats();
    const h = (
      await callRoute<HistoricalAnalytics>(historicalRoute, {
        path: "/api/dashboard/analytics/historical",
        token: users.admin.token,
      })
    ).json;
    expect(h.performance.responseSamples).toBeGreaterThanOrEqual(3);
    expect(h.performance.medianResponseMs).toBeGreaterThan(0);
  });
});
