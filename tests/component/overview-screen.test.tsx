// The Overview when its statistics cannot be loaded (issue 39: moved from e2e/overview.spec.ts,
// where it was a page load checking text only): the spec's error toast, zeros on every card, never
// sample figures, and no activity rows. The screen's layout and contrast in both themes stay in
// that spec (its axe tests light and dark, and at 375 px).
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OverviewScreen } from "@/components/overview/overview-screen";
import { renderScreen, SERVER_ERROR, stubApi } from "./render";

const statValue = (title: string) => within(screen.getByRole("group", { name: title })).getByTestId("stat-value");

describe("Overview", () => {
  it("a failed load says so and shows zeros, never sample figures", async () => {
    const api = stubApi([
      [/^\/api\/dashboard\/stats$/, SERVER_ERROR],
      [/^\/api\/settings$/, { json: { success: true, settings: { timezone: "Asia/Manila" } } }],
      // The administrator's other panels (close-out reminder, cash on hand, money figures) load on
      // their own; held here, as the check is about the statistics.
      [/^\/api\/(raffle\/closeout|remittances\/balances|reconciliation\/summary)$/, "hold"],
    ]);
    renderScreen(<OverviewScreen userName="Ada Admin" isAdmin />, { url: "/dashboard/overview" });
    expect(
      await screen.findByText(
        "Failed to load dashboard statistics. Please check if the server is running.",
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    for (const title of ["Total Tickets", "Registered", "Unregistered"]) expect(statValue(title).textContent).toBe("0");
    expect(statValue("Total Revenue").textContent).toBe("₱0.00");
    expect(screen.getByText("No recent activity")).toBeTruthy();
    expect(screen.queryAllByTestId("activity-row")).toHaveLength(0);
    // Asked twice (the app's one retry for a 5xx), and nothing the test does not know about.
    expect(api.seen.filter((r) => r === "GET /api/dashboard/stats")).toHaveLength(2);
    expect(api.unknown).toEqual([]);
  });
});
