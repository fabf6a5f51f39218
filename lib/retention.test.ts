import { describe, expect, it } from "vitest";
import { isReminderDue, purgeReminder } from "@/lib/retention";

const closedAt = new Date("2026-01-31T10:00:00.000Z");

describe("purgeReminder", () => {
  it("is due once the calendar months after Close have passed, not a moment before", () => {
    // Jan 31 + 1 month is Feb 28 (date-fns clamps to the month's last day).
    expect(
      purgeReminder({ retentionMonths: 1, closedAt, purgedAt: null, now: new Date("2026-02-28T09:59:59.999Z") }),
    ).toEqual({
      retentionMonths: 1,
      purgeDueAt: "2026-02-28T10:00:00.000Z",
      isPurgeDue: false,
    });
    expect(
      purgeReminder({ retentionMonths: 1, closedAt, purgedAt: null, now: new Date("2026-02-28T10:00:00.000Z") })
        .isPurgeDue,
    ).toBe(true);
    expect(
      purgeReminder({ retentionMonths: 36, closedAt, purgedAt: null, now: new Date("2029-01-31T10:00:00.000Z") })
        .isPurgeDue,
    ).toBe(true);
  });

  it("a reminder date is due from its first millisecond; none is never due", () => {
    expect(isReminderDue("2026-02-28T10:00:00.000Z", new Date("2026-02-28T09:59:59.999Z"))).toBe(false);
    expect(isReminderDue("2026-02-28T10:00:00.000Z", new Date("2026-02-28T10:00:00.000Z"))).toBe(true);
    expect(isReminderDue(null, new Date("2099-01-01T00:00:00.000Z"))).toBe(false);
  });

  it("says nothing while open, once purged, or with the reminder off", () => {
    const now = new Date("2030-01-01T00:00:00.000Z");
    expect(purgeReminder({ retentionMonths: 1, closedAt: null, purgedAt: null, now })).toEqual({
      retentionMonths: 1,
      purgeDueAt: null,
      isPurgeDue: false,
    });
    expect(
      purgeReminder({ retentionMonths: 1, closedAt, purgedAt: new Date("2026-03-01T00:00:00.000Z"), now }).isPurgeDue,
    ).toBe(false);
    expect(purgeReminder({ retentionMonths: 0, closedAt, purgedAt: null, now })).toEqual({
      retentionMonths: 0,
      purgeDueAt: null,
      isPurgeDue: false,
    });
  });
});
