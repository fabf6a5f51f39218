// @module-tag sql
// The statistics' days, hours, weeks and months are the raffle's (Asia/Manila by default, UTC+8),
// never the server's or UTC: tickets placed at chosen instants around each boundary, the clock
// pinned through the services' `now`.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { getDashboardStats } from "@/server/dashboard/get-dashboard-stats";
import { getHistoricalAnalytics } from "@/server/dashboard/get-historical-analytics";
import type { AnalyticsPeriod } from "@/lib/dashboard/periods";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { placeTickets } from "@/tests/helpers/placed-tickets";
import { principalOf } from "@/tests/helpers/principal";
import type { Principal } from "@/server/auth/principal";

let admin: Principal;

beforeEach(async () => {
  await resetDb();
  admin = principalOf((await createAdminAndStaff()).admin);
});

const stats = (now: string) => getDashboardStats({ principal: admin, now: new Date(now) });
const historical = (now: string, period: AnalyticsPeriod) =>
  getHistoricalAnalytics({ principal: admin, period, now: new Date(now) });
const dayCount = (daily: { date: string; count: number }[], date: string) => daily.find((d) => d.date === date)?.count;

describe("days and hours in Manila time", () => {
  it("23:59 Manila (15:59 UTC) is the 9th, 00:00 Manila (16:00 UTC) is the 10th", async () => {
    await placeTickets([
      { number: 1, createdAt: "2026-03-09T15:59:00Z" },
      { number: 2, createdAt: "2026-03-09T16:00:00Z" },
      { number: 3, createdAt: "2026-03-09T15:59:59.999Z" },
    ]);
    const s = await stats("2026-03-10T04:00:00Z"); // Tuesday 12:00 in Manila
    expect(s.timezone).toBe("Asia/Manila");
    expect(s.summary.today).toBe(1);
    expect(dayCount(s.trends.daily, "2026-03-09")).toBe(2);
    expect(dayCount(s.trends.daily, "2026-03-10")).toBe(1);
    expect(s.hourlyDistribution.find((h) => h.hour === 23)?.count).toBe(2);
    expect(s.hourlyDistribution.find((h) => h.hour === 0)?.count).toBe(1);
    expect(s.hourlyDistribution.find((h) => h.hour === 15)?.count).toBe(0);
  });

  it("a ticket sold at 23:30 Manila on the 1st counts on the 1st, and today ends at Manila midnight", async () => {
    await placeTickets([{ number: 1, createdAt: "2026-04-01T15:30:00Z", registeredAt: "2026-04-01T15:30:00Z" }]);
    const onThe1st = await stats("2026-04-01T15:45:00Z"); // 23:45 on the 1st in Manila, still the 1st
    expect(onThe1st.summary.today).toBe(1);
    expect(onThe1st.trends.daily.at(-1)).toEqual({ date: "2026-04-01", count: 1 });
    const onThe2nd = await stats("2026-04-01T16:00:00Z"); // 00:00 on the 2nd in Manila
    expect(onThe2nd.summary.today).toBe(0);
    expect(onThe2nd.trends.daily.at(-1)).toEqual({ date: "2026-04-02", count: 0 });
    expect(dayCount(onThe2nd.trends.daily, "2026-04-01")).toBe(1);
  });

  it("the 30-day trend has every day, zeros included, ending today", async () => {
    await placeTickets([{ number: 1, createdAt: "2026-03-01T02:00:00Z" }]);
    const s = await stats("2026-03-10T04:00:00Z");
    expect(s.trends.daily).toHaveLength(30);
    expect(s.trends.daily[0].date).toBe("2026-02-09");
    expect(s.trends.daily.at(-1)!.date).toBe("2026-03-10");
    expect(s.trends.daily.filter((d) => d.count > 0)).toEqual([{ date: "2026-03-01", count: 1 }]);
    expect(s.hourlyDistribution.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });
});

describe("weeks start on Monday and months on the 1st, in Manila", () => {
  beforeEach(async () => {
    await placeTickets([
      { number: 1, createdAt: "2026-02-28T15:59:00Z", registeredAt: "2026-02-28T15:59:00Z" }, // Sat 28 Feb 23:59
      { number: 2, createdAt: "2026-02-28T16:00:00Z", registeredAt: "2026-02-28T16:00:00Z" }, // Sun 1 Mar 00:00
      { number: 3, createdAt: "2026-03-01T15:59:00Z", registeredAt: "2026-03-01T15:59:00Z" }, // Sun 1 Mar 23:59
      // Mon 2 Mar 00:00
      { number: 4, createdAt: "2026-03-01T16:00:00Z", registeredAt: "2026-03-01T16:00:00Z", amount: 75 },
      { number: 5, createdAt: "2026-03-01T17:00:00Z" }, // Mon 2 Mar 01:00, unregistered
    ]);
  });

  it("on Monday 2 March: today and this week begin at Monday 00:00, this month at 1 March 00:00", async () => {
    const s = await stats("2026-03-02T02:00:00Z"); // Monday 10:00 in Manila
    expect(s.summary).toMatchObject({ total: 5, today: 2, thisWeek: 2, thisMonth: 4 });
  });

  it("on Sunday 1 March the week is the one that began Monday 23 February", async () => {
    const s = await stats("2026-03-01T04:00:00Z"); // Sunday 12:00
    expect(s.summary).toMatchObject({ today: 2, thisWeek: 3, thisMonth: 2 });
  });

  it("this month and the previous one count registrations and their revenue by Manila month", async () => {
    const h = await historical("2026-03-02T02:00:00Z", "7d");
    expect(h.currentMonth).toEqual({ registeredTickets: 3, revenue: 175 });
    expect(h.previousMonth).toEqual({ registeredTickets: 1, revenue: 50 });
  });
});

describe("a leap day is a day of its own", () => {
  beforeEach(async () => {
    await placeTickets([
      { number: 1, createdAt: "2024-02-28T16:00:00Z", registeredAt: "2024-02-28T16:00:00Z" }, // 29 Feb 00:00
      { number: 2, createdAt: "2024-02-29T15:30:00Z", registeredAt: "2024-02-29T15:30:00Z" }, // 29 Feb 23:30
      { number: 3, createdAt: "2024-02-29T16:30:00Z", registeredAt: "2024-02-29T16:30:00Z" }, // 1 Mar 00:30
    ]);
  });

  it("29 February 2024 holds the tickets of its Manila day", async () => {
    const h = await historical("2024-03-15T04:00:00Z", "30d");
    expect(h.range).toEqual({ from: "2024-02-15", to: "2024-03-15" });
    const dates = h.trends.daily.map((d) => d.date);
    expect(dates).toHaveLength(30);
    expect(dates).toContain("2024-02-29");
    expect(h.trends.daily.find((d) => d.date === "2024-02-29")).toEqual({
      date: "2024-02-29",
      count: 2,
      registered: 2,
      revenue: 100,
    });
    expect(h.trends.daily.find((d) => d.date === "2024-03-01")).toEqual({
      date: "2024-03-01",
      count: 1,
      registered: 1,
      revenue: 50,
    });
    expect(h.previousMonth).toEqual({ registeredTickets: 2, revenue: 100 });
    expect(h.currentMonth).toEqual({ registeredTickets: 1, revenue: 50 });
  });

  it("the year ending 15 March 2024 is 365 days and includes the leap day", async () => {
    const h = await historical("2024-03-15T04:00:00Z", "1y");
    expect(h.trends.daily).toHaveLength(365);
    expect(h.range).toEqual({ from: "2023-03-17", to: "2024-03-15" });
    expect(h.totals.generatedTickets).toBe(3);
  });
});

describe("each period covers its days, today included", () => {
  const cases: [AnalyticsPeriod, number, string][] = [
    ["7d", 7, "2026-06-24"],
    ["30d", 30, "2026-06-01"],
    ["90d", 90, "2026-04-02"],
    ["1y", 365, "2025-07-01"],
  ];

  it.each(cases)("%s: %i days from %s to 30 June 2026", async (period, days, from) => {
    const fromDate = new Date(`${from}T00:00:00+08:00`);
    const dayBefore = new Date(fromDate.getTime() - 60_000); // 23:59 the day before, Manila
    await placeTickets([
      { number: 1, createdAt: fromDate, registeredAt: fromDate, method: "gcash" },
      { number: 2, createdAt: dayBefore, registeredAt: dayBefore, method: "cash" },
      { number: 3, createdAt: "2026-06-30T08:00:00Z", method: "bank_transfer" },
    ]);
    const h = await historical("2026-06-30T10:00:00Z", period);
    expect(h.period).toBe(period);
    expect(h.trends.daily).toHaveLength(days);
    expect(h.range).toEqual({ from, to: "2026-06-30" });
    expect(h.trends.daily[0]).toEqual({ date: from, count: 1, registered: 1, revenue: 50 });
    expect(h.totals).toEqual({ generatedTickets: 2, registeredTickets: 1, revenue: 50, activeUsers: 1 });
    // Sales in the period only: ticket 3 is an unsold stub, ticket 2 was sold the day before.
    expect(h.paymentBreakdown).toEqual([{ method: "gcash", count: 1, revenue: 50 }]);
    expect(h.hourlyDistribution.reduce((n, r) => n + r.count, 0)).toBe(2);
  });
});

it("a change of timezone moves the days: the rollups are rebuilt in the new zone", async () => {
  await placeTickets([
    { number: 1, createdAt: "2026-03-09T15:59:00Z" },
    { number: 2, createdAt: "2026-03-09T16:00:00Z" },
  ]);
  await db().settings.update({ where: { id: 1 }, data: { timezone: "UTC" } });
  const s = await stats("2026-03-09T20:00:00Z");
  expect(s.timezone).toBe("UTC");
  expect(s.summary.today).toBe(2);
  expect(s.hourlyDistribution.filter((h) => h.count > 0)).toEqual([
    { hour: 15, count: 1 },
    { hour: 16, count: 1 },
  ]);
  // A zone with a half-hour offset: 15:59 UTC is 21:29 in Kolkata, 16:00 is 21:30.
  await db().settings.update({ where: { id: 1 }, data: { timezone: "Asia/Kolkata" } });
  const k = await stats("2026-03-09T20:00:00Z");
  expect(k.hourlyDistribution.filter((h) => h.count > 0)).toEqual([{ hour: 21, count: 2 }]);
});
