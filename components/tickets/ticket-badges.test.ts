import { describe, expect, it } from "vitest";
import { shownStatus } from "@/components/tickets/ticket-badges";

describe("shownStatus: one rule for the status a ticket shows", () => {
  it("shows a sold ticket still on the default 'active' as registered", () => {
    expect(shownStatus({ status: "active", is_registered: true })).toBe("registered");
    expect(shownStatus({ status: " Active ", is_registered: true })).toBe("registered");
    expect(shownStatus({ status: "", is_registered: true })).toBe("registered");
  });

  it("keeps every other status as set, and active for a ticket with no buyer", () => {
    expect(shownStatus({ status: "active", is_registered: false })).toBe("active");
    expect(shownStatus({ status: "used", is_registered: true })).toBe("used");
    expect(shownStatus({ status: "expired", is_registered: false })).toBe("expired");
    expect(shownStatus({ status: "registered", is_registered: true })).toBe("registered");
  });
});
