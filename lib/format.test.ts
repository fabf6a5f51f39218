import { describe, expect, it } from "vitest";
import {
  asArray,
  creatorLabel,
  formatCount,
  formatCsvDateTime,
  formatDate,
  formatDateTime,
  formatDay,
  formatStatementCsvTime,
  formatStatementTime,
  TIME_FORMATS,
  formatPeso,
  formatPhone,
  formatShowing,
  paymentMethodLabel,
  toNumber,
} from "@/lib/format";

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
    expect(formatShowing({ page: 13, pageSize: 100, total: 1234, noun: lines })).toBe(
      "Showing 1,201–1,234 of 1,234 lines",
    );
    expect(formatShowing({ page: 1, pageSize: 100, total: 1, noun: lines })).toBe("Showing 1–1 of 1 line");
    expect(formatShowing({ page: 1, pageSize: 100, total: 0, noun: lines })).toBe("0 lines");
    // An old link past the end still names real rows.
    expect(formatShowing({ page: 9, pageSize: 100, total: 150, noun: lines })).toBe("Showing 150–150 of 150 lines");
  });

  it("says a capped count is a floor, and counts past it by the rows on screen", () => {
    const tickets = ["ticket", "tickets"] as const;
    expect(
      formatShowing({ page: 1, pageSize: 10, total: 1000, noun: tickets, capped: { shown: 10, hasNext: true } }),
    ).toBe("Showing 1–10 of 1,000+ tickets");
    expect(
      formatShowing({ page: 101, pageSize: 10, total: 1000, noun: tickets, capped: { shown: 10, hasNext: true } }),
    ).toBe("Showing 1,001–1,010 of 1,010+ tickets");
    // The last page knows the count exactly.
    expect(
      formatShowing({ page: 102, pageSize: 10, total: 1000, noun: tickets, capped: { shown: 3, hasNext: false } }),
    ).toBe("Showing 1,011–1,013 of 1,013 tickets");
    expect(
      formatShowing({ page: 200, pageSize: 10, total: 1000, noun: tickets, capped: { shown: 0, hasNext: false } }),
    ).toBe("1,000+ tickets");
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
    const { formatInTimeZone } = await import("date-fns-tz/formatInTimeZone");
    const patterns = [
      ...Object.values(TIME_FORMATS),
      "yyyy-MM-dd HH:mm",
      "hh:mm a 'on' dd/MM",
      "H:mm:ss",
      "EEE, MMM d, yyyy h:mm a",
    ];
    const zones = ["Asia/Manila", "UTC", "America/New_York", "Asia/Kathmandu"];
    // Every hour of two days (midnight and noon included), a leap day and a DST change.
    const instants = [
      ...Array.from({ length: 48 }, (_, h) => Date.UTC(2026, 10, 23, h, 7, 9)),
      Date.UTC(2028, 1, 29, 15, 59, 59),
      Date.UTC(2026, 2, 8, 7, 30, 0),
      Date.UTC(2026, 11, 1, 21, 46, 26, 159),
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
    ];
    for (const zone of zones)
      for (const pattern of patterns)
        for (const at of instants)
          expect(formatDateTime(new Date(at), zone, pattern)).toBe(formatInTimeZone(new Date(at), zone, pattern));
  }, 60_000); // thousands of formats: slow on a loaded 2-core machine
});

describe("one time format (issue 38 item 6)", () => {
  const at = "2026-12-01T21:46:26.159Z"; // Dec 2, 05:46 in Manila

  it("shows every date and time in the raffle's zone as 'Dec 2, 2026 5:46 AM', never ISO or US style", () => {
    expect(formatDateTime(at, "Asia/Manila")).toBe("Dec 2, 2026 5:46 AM");
    expect(formatDateTime(at, "UTC")).toBe("Dec 1, 2026 9:46 PM");
    expect(formatDateTime(at, "Asia/Manila", TIME_FORMATS.dateTimeSeconds)).toBe("Dec 2, 2026 5:46:26 AM");
    for (const text of [formatDateTime(at, "Asia/Manila"), formatDate(at, "Asia/Manila")]) {
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|\d{1,2}\/\d{1,2}\/\d{4}/);
    }
  });

  it("shows a date-only value as a date", () => {
    expect(formatDate(at, "Asia/Manila")).toBe("Dec 2, 2026");
    expect(formatDate(null, "Asia/Manila")).toBe("No Date");
    expect(formatDate("soon", "Asia/Manila")).toBe("Invalid Date");
    // A stored calendar day is that day in every zone.
    expect(formatDay("2026-12-02")).toBe("Dec 2, 2026");
    expect(formatDay("2028-02-29")).toBe("Feb 29, 2028");
    expect(formatDay("soon")).toBe("soon");
  });

  it("writes CSV cells as ISO 8601 with the raffle zone's offset, empty when missing", () => {
    expect(formatCsvDateTime(at, "Asia/Manila")).toBe("2026-12-02T05:46:26.159+08:00");
    expect(formatCsvDateTime(at, "America/New_York")).toBe("2026-12-01T16:46:26.159-05:00");
    expect(formatCsvDateTime(at, "Asia/Kathmandu")).toBe("2026-12-02T03:31:26.159+05:45");
    expect(formatCsvDateTime(new Date(at), "UTC")).toBe("2026-12-01T21:46:26.159+00:00");
    expect(new Date(formatCsvDateTime(at, "Asia/Manila")).toISOString()).toBe(at);
    expect(formatCsvDateTime(null, "UTC")).toBe("");
    expect(formatCsvDateTime("nope", "UTC")).toBe("");
  });

  it("shows a statement line without a time as its date, never '12:00 AM'", () => {
    // A statement that gives only "2026-12-02" is read as midnight in Manila.
    const dateOnly = "2026-12-01T16:00:00.000Z";
    expect(formatStatementTime(dateOnly, "Asia/Manila")).toBe("Dec 2, 2026");
    // The statement's date, whatever the raffle's zone (in UTC that instant is Dec 1, 4:00 PM).
    expect(formatStatementTime(dateOnly, "UTC")).toBe("Dec 2, 2026");
    expect(formatStatementTime("2026-12-01T16:00:01.000Z", "Asia/Manila")).toBe("Dec 2, 2026 12:00 AM");
    expect(formatStatementTime("2026-12-02T01:20:00.000Z", "Asia/Manila")).toBe("Dec 2, 2026 9:20 AM");
    expect(formatStatementTime(null, "Asia/Manila")).toBe("No Date");
    expect(formatStatementCsvTime(dateOnly, "UTC")).toBe("2026-12-02");
    expect(formatStatementCsvTime("2026-12-02T01:20:00.000Z", "Asia/Manila")).toBe("2026-12-02T09:20:00.000+08:00");
  });
});
