import { describe, expect, it } from "vitest";
import { actionLabel, fieldChanges } from "@/lib/activity";

describe("actionLabel", () => {
  it("names known actions and shows others as they are", () => {
    expect(actionLabel("ticket.register")).toBe("Registered ticket");
    expect(actionLabel("settings.update")).toBe("Changed settings");
    expect(actionLabel("ticket.email")).toBe("ticket.email");
  });
});

describe("fieldChanges", () => {
  it("lists only what an edit changed", () => {
    expect(fieldChanges({ buyer_name: null, status: "active", email: "a@x.com" }, { buyer_name: "Maria", status: "registered", email: "a@x.com" })).toEqual([
      { field: "buyer_name", before: null, after: "Maria" },
      { field: "status", before: "active", after: "registered" },
    ]);
  });

  it("lists the values a creation or a deletion carried, without ids and timestamps", () => {
    const row = { id: "u1", control_number: "B2K-123-00001", ticket_number: 1, amount: 50, buyer_name: "Ana", email: null, created_at: "2026-01-01" };
    expect(fieldChanges(null, { ...row, user_id: "web-admin-1" })).toEqual([
      { field: "buyer_name", before: null, after: "Ana" },
      { field: "amount", before: null, after: "50" },
      { field: "control_number", before: null, after: "B2K-123-00001" },
      { field: "user_id", before: null, after: "web-admin-1" },
    ]);
    expect(fieldChanges(row, null).map((c) => [c.field, c.before, c.after])).toEqual([
      ["buyer_name", "Ana", null],
      ["amount", "50", null],
      ["control_number", "B2K-123-00001", null],
    ]);
  });

  it("shows booleans and nested values readably, and nothing for rows without data", () => {
    expect(fieldChanges({ dark_mode: true }, { dark_mode: false })).toEqual([{ field: "dark_mode", before: "true", after: "false" }]);
    expect(fieldChanges(null, { created: [[1, 2]] })).toEqual([{ field: "created", before: null, after: "[[1,2]]" }]);
    expect(fieldChanges(null, null)).toEqual([]);
  });
});
