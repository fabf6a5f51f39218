import { describe, expect, it } from "vitest";
import { avatarLetter, isActiveHref, navItemsFor } from "@/components/dashboard/nav-items";

describe("navItemsFor", () => {
  it("gives an admin every entry in the spec's order", () => {
    expect(navItemsFor(true).map((i) => [i.name, i.description])).toEqual([
      ["Overview", "Dashboard overview"],
      ["Tickets", "Manage tickets"],
      ["Register Ticket", "Create new tickets"],
      ["Analytics", "View reports"],
      ["Admin Dashboard", "User progress monitoring"],
      ["Remittances", "Stubs and cash owed"],
      ["Reconciliation", "Statements matched to payments"],
      ["My Statement", "Stubs, cash, receipts"],
      ["Draw", "Prizes, draw and winners"],
      ["Close-out", "Close, archive, remove personal data"],
      ["Settings", "App settings"],
    ]);
    expect(navItemsFor(true).find((i) => i.name === "Admin Dashboard")?.badge).toBe("Admin");
  });

  it("gives a user Overview, Register Ticket and their own statement only", () => {
    expect(navItemsFor(false).map((i) => i.name)).toEqual(["Overview", "Register Ticket", "My Statement"]);
  });
});

describe("isActiveHref", () => {
  it("matches the page and its sub-paths, not a sibling with the same prefix", () => {
    expect(isActiveHref("/dashboard/settings", "/dashboard/settings")).toBe(true);
    expect(isActiveHref("/dashboard/settings/users", "/dashboard/settings")).toBe(true);
    expect(isActiveHref("/dashboard/registered", "/dashboard/register")).toBe(false);
  });
});

describe("avatarLetter", () => {
  it("uses the display name first, then the email, then U", () => {
    expect(avatarLetter({ displayName: "maria Santos", email: "x@example.com" })).toBe("M");
    expect(avatarLetter({ displayName: "  ", email: "juan@example.com" })).toBe("J");
    expect(avatarLetter({ displayName: null, email: null })).toBe("U");
  });
});
