import { describe, expect, it } from "vitest";
import { formatDateTime } from "@/lib/format";
import { formatListDate } from "./ticket-dates";

describe("formatListDate", () => {
  it.each(["2026-11-22T01:47:36.701Z", "2026-01-05T16:05:00Z", "2026-07-31T23:59:59Z"])(
    "writes %s as formatDateTime does, in the raffle's timezone",
    (iso) => {
      for (const tz of ["Asia/Manila", "UTC", "America/New_York"]) {
        const { date, time } = formatListDate(iso, tz);
        expect(`${date} ${time}`).toBe(formatDateTime(iso, tz, "MMM d, yyyy h:mm a"));
      }
    },
  );
  it("says 'No Date' and 'Invalid Date' like the other screens", () => {
    expect(formatListDate(null, "UTC")).toEqual({ date: "No Date", time: null });
    expect(formatListDate("", "UTC")).toEqual({ date: "No Date", time: null });
    expect(formatListDate("not a date", "UTC")).toEqual({ date: "Invalid Date", time: null });
  });
});
