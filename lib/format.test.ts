import { describe, expect, it } from "vitest";
import { asArray, creatorLabel, formatCount, formatDateTime, formatPeso, formatPhone, formatShowing, paymentMethodLabel, toNumber } from "@/lib/format";

describe("display rules", () => {
  it("shows amounts as pesos with 2 decimals, non-numbers as 0", () => {
    expect(formatPeso(1234.5)).toBe("₱1,234.50");
    expect(formatPeso("50")).toBe("₱50.00");
    expect(formatPeso("abc")).toBe("₱0.00");
    expect(formatPeso(undefined)).toBe("₱0.00");
  });

  it("says which rows of a server-paged list are on screen", () => {
    const lines = ["line", "lines"] as const;
    expect(formatShowing({ page: 1, pageSize: 100, total: 1234, noun: lines })).toBe("Showing 1–100 of 1,234 lines");
    expect(formatShowing({ page: 13, pageSize: 100, total: 1234, noun: lines })).toBe("Showing 1,201–1,234 of 1,234 lines");
    expect(formatShowing({ page: 1, pageSize: 100, total: 1, noun: lines })).toBe("Showing 1–1 of 1 line");
    expect(formatShowing({ page: 1, pageSize: 100, total: 0, noun: lines })).toBe("0 lines");
    // An old link past the end still names real rows.
    expect(formatShowing({ page: 9, pageSize: 100, total: 150, noun: lines })).toBe("Showing 150–150 of 150 lines");
  });

  it("says a capped count is a floor, and counts past it by the rows on screen", () => {
    const tickets = ["ticket", "tickets"] as const;
    expect(formatShowing({ page: 1, pageSize: 10, total: 1000, noun: tickets, capped: { shown: 10, hasNext: true } })).toBe("Showing 1–10 of 1,000+ tickets");
    expect(formatShowing({ page: 101, pageSize: 10, total: 1000, noun: tickets, capped: { shown: 10, hasNext: true } })).toBe("Showing 1,001–1,010 of 1,010+ tickets");
    // The last page knows the count exactly.
    expect(formatShowing({ page: 102, pageSize: 10, total: 1000, noun: tickets, capped: { shown: 3, hasNext: false } })).toBe("Showing 1,011–1,013 of 1,013 tickets");
    expect(formatShowing({ page: 200, pageSize: 10, total: 1000, noun: tickets, capped: { shown: 0, hasNext: false } })).toBe("1,000+ tickets");
  });

  it("treats non-numeric counts as 0 and non-arrays as empty", () => {
    expect(toNumber("12")).toBe(12);
    expect(toNumber(null)).toBe(0);
    expect(toNumber(Number.NaN)).toBe(0);
    expect(formatCount(12345)).toBe("12,345");
    expect(asArray({ a: 1 })).toEqual([]);
    expect(asArray([1, 2])).toEqual([1, 2]);
  });

  it("shows dates in the raffle's timezone, 'No Date' when missing and 'Invalid Date' when unreadable", () => {
    // 15:59 UTC is 23:59 in Manila; 16:00 UTC is already the next day there.
    expect(formatDateTime("2026-03-01T15:59:00Z", "Asia/Manila", "yyyy-MM-dd HH:mm")).toBe("2026-03-01 23:59");
    expect(formatDateTime("2026-03-01T16:00:00Z", "Asia/Manila", "yyyy-MM-dd HH:mm")).toBe("2026-03-02 00:00");
    expect(formatDateTime(null, "Asia/Manila")).toBe("No Date");
    expect(formatDateTime("", "Asia/Manila")).toBe("No Date");
    expect(formatDateTime("not a date", "Asia/Manila")).toBe("Invalid Date");
  });

  it("labels payment methods, 'Unknown' when missing", () => {
    expect(paymentMethodLabel("gcash")).toBe("GCash");
    expect(paymentMethodLabel("Bank Transfer")).toBe("Bank Transfer");
    expect(paymentMethodLabel("CASH")).toBe("Cash");
    expect(paymentMethodLabel(null)).toBe("Unknown");
    expect(paymentMethodLabel("")).toBe("Unknown");
    expect(paymentMethodLabel("crypto")).toBe("crypto");
  });

  it("names the creator from email, name or user id", () => {
    expect(creatorLabel({ creator_email: "a@x.com", creator_name: "A", user_id: "u" })).toBe("a@x.com");
    expect(creatorLabel({ creator_email: null, creator_name: "A", user_id: "u" })).toBe("A");
    expect(creatorLabel({ user_id: "web-admin-1" })).toBe("web-admin-1");
    expect(creatorLabel({})).toBe("Unknown");
  });

  it("shows phones with the +63 prefix", () => {
    expect(formatPhone("9171234567")).toBe("+63 9171234567");
    expect(formatPhone(null)).toBe("");
  });
});

describe("formatDateTime against date-fns-tz", () => {
  it("writes every pattern the screens use exactly as date-fns-tz does, across zones and hours", async () => {
    const { formatInTimeZone } = await import("date-fns-tz");
    const patterns = ["MMM d, yyyy h:mm a", "MMM d, yyyy h:mm:ss a", "yyyy-MM-dd", "yyyy-MM-dd HH:mm", "MMM d, yyyy", "hh:mm a 'on' dd/MM", "H:mm:ss"];
    const zones = ["Asia/Manila", "UTC", "America/New_York", "Asia/Kathmandu"];
    // Every hour of two days (midnight and noon included), a leap day and a DST change.
    const instants = [
      ...Array.from({ length: 48 }, (_, h) => Date.UTC(2026, 10, 23, h, 7, 9)),
      Date.UTC(2028, 1, 29, 15, 59, 59),
      Date.UTC(2026, 2, 8, 7, 30, 0),
    ];
    for (const zone of zones)
      for (const pattern of patterns)
        for (const at of instants) expect(formatDateTime(new Date(at), zone, pattern)).toBe(formatInTimeZone(new Date(at), zone, pattern));
  }, 60_000); // thousands of formats: slow on a loaded 2-core machine
});
