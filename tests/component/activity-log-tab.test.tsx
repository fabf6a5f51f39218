// The Activity Log tab's states without a browser (issue 39): loading, failed, empty (with and
// without filters) and the pager's disabled ends. The tab's layout and its axe scans in both
// themes stay in e2e/activity-log.spec.ts; the empty state's axe scan moved here from
// e2e/a11y-states.spec.ts as these structural checks (its colours are the tokens that spec scans).
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ActivityLogTab } from "@/components/settings/activity-log-tab";
import type { AuditEntry } from "@/lib/schemas/audit";
import { SETTINGS } from "./api-data";
import { expectNoStructuralA11yViolations } from "./axe";
import { renderScreen, SERVER_ERROR, stubApi } from "./render";

const FILTERS = [
  /^\/api\/audit\/filters$/,
  { json: { success: true, actions: ["ticket.void"], actors: ["admin@example.com"] } },
] as const;
const page = (entries: unknown[], total: number, pageNo = 1, totalPages = 1) => ({
  json: { success: true, entries, total, page: pageNo, pageSize: 50, totalPages, timezone: "Asia/Manila" },
});
const ENTRY: AuditEntry = {
  id: "1",
  created_at: "2026-12-01T02:00:00.000Z",
  actor_id: "u-1",
  actor_email: "admin@example.com",
  actor_name: "Ada Admin",
  action: "ticket.void",
  entity_type: "ticket",
  entity_id: "t-1",
  subject: "TKT-000001",
  before: null,
  after: null,
};

describe("Activity Log tab", () => {
  it("while the log loads: skeletons inside one named, busy status, and no table yet", async () => {
    stubApi([[/^\/api\/audit\?/, "hold"], FILTERS, SETTINGS]);
    renderScreen(<ActivityLogTab />);
    const status = await screen.findByRole("status", { name: "Loading the activity log" });
    expect(status.getAttribute("aria-busy")).toBe("true");
    const skeletons = document.querySelectorAll("[data-slot=skeleton]");
    expect(skeletons.length).toBeGreaterThan(0);
    for (const skeleton of skeletons)
      expect(skeleton.closest("[role=status][aria-label]"), "a skeleton outside a named status").not.toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText("No activity found")).toBeNull();
    await expectNoStructuralA11yViolations(document.body, "the activity log, loading");
  });

  it("when the server fails: an alert with the server's message, not the empty state", async () => {
    const api = stubApi([[/^\/api\/audit\?/, SERVER_ERROR], FILTERS, SETTINGS]);
    renderScreen(<ActivityLogTab />);
    const alert = await screen.findByRole("alert", {}, { timeout: 5_000 });
    expect(alert.textContent).toBe(`Failed to load the activity log: ${SERVER_ERROR.json.message}`);
    expect(screen.queryByText("No activity found")).toBeNull();
    expect(screen.queryByRole("status", { name: "Loading the activity log" })).toBeNull();
    await expectNoStructuralA11yViolations(document.body, "the activity log, failed");
    // A 5xx is asked again once (components/providers.tsx), then shown.
    expect(api.seen.filter((r) => r.startsWith("GET /api/audit?"))).toHaveLength(2);
  });

  it("with no rows: says so, and what to expect, with no table and no alert", async () => {
    stubApi([[/^\/api\/audit\?/, page([], 0)], FILTERS, SETTINGS]);
    renderScreen(<ActivityLogTab />);
    expect(await screen.findByText("No activity found")).toBeTruthy();
    expect(screen.getByText("Changes will appear here.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    await expectNoStructuralA11yViolations(document.body, "the activity log, empty");
  });

  it("with filters that match nothing: says the filters are why", async () => {
    stubApi([[/^\/api\/audit\?/, page([], 0)], FILTERS, SETTINGS]);
    renderScreen(<ActivityLogTab />, { url: "/dashboard/settings?tab=activity&action=ticket.void" });
    expect(await screen.findByText("No entry matches these filters.")).toBeTruthy();
  });

  it("the pager: Previous disabled on the first page, Next on the last", async () => {
    stubApi([
      [/^\/api\/audit\?/, (url) => page([ENTRY], 60, Number(url.searchParams.get("page") ?? 1), 2)],
      FILTERS,
      SETTINGS,
    ]);
    renderScreen(<ActivityLogTab />);
    const previous = await screen.findByRole("button", { name: "Previous" });
    const next = screen.getByRole("button", { name: "Next" });
    expect(previous.hasAttribute("disabled")).toBe(true);
    expect(next.hasAttribute("disabled")).toBe(false);
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();

    renderScreen(<ActivityLogTab />, { url: "/dashboard/settings?tab=activity&page=2" });
    const pagers = await screen.findAllByText("Page 2 of 2");
    const secondPager = pagers[0].parentElement!;
    expect(within(secondPager).getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(false);
    expect(within(secondPager).getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
  });
});
