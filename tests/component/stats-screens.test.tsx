// The statistics screens without figures (issue 39: moved from e2e/analytics.spec.ts and
// e2e/user-sales.spec.ts, where each was a page load checking text only): the load-error toast,
// zeros on the cards, the empty tables' messages, and Analytics' failed export; and User Sales'
// rate dots, which the spec checked by their data-tone, not their colours. Their layout and
// contrast in both themes stay in those specs' axe tests.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AnalyticsScreen } from "@/components/analytics/analytics-screen";
import { UserSalesScreen } from "@/components/user-sales/user-sales-screen";
import type { UserProgress } from "@/lib/api/dashboard";
import { SETTINGS } from "./api-data";
import { refusal, renderScreen, stubApi } from "./render";

const statValue = (title: string) => within(screen.getByRole("group", { name: title })).getByTestId("stat-value");

describe("Analytics without figures", () => {
  it("the error toast, zeros, 'No payment data available' and a failed export", async () => {
    stubApi([[/^\/api\/dashboard\/analytics\/historical\?/, refusal(503, "unavailable", "down")], SETTINGS]);
    renderScreen(<AnalyticsScreen />, { url: "/dashboard/analytics" });
    expect(
      await screen.findByText(
        "Failed to load analytics data. Please check if the server is running.",
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(statValue("Total Revenue").textContent).toBe("₱0.00");
    expect(statValue("Active Users").textContent).toBe("0");
    expect(screen.getByText("No payment data available")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Export Report" }));
    expect(await screen.findByText("Failed to export report")).toBeTruthy();
  });
});

describe("User Sales", () => {
  it("with no sellers: 'No user data available'", async () => {
    stubApi([
      [
        /^\/api\/dashboard\/admin\/user-progress$/,
        {
          json: {
            success: true,
            overview: { totalRevenue: 0, totalTicketsGenerated: 0, totalRegistered: 0, activeUsers: 0 },
            userProgress: [],
          },
        },
      ],
      SETTINGS,
    ]);
    renderScreen(<UserSalesScreen />, { url: "/dashboard/admin" });
    expect(await screen.findByText("No user data available")).toBeTruthy();
  });

  it("a failed load: the error toast, zeros and 'No user data available'", async () => {
    stubApi([[/^\/api\/dashboard\/admin\/user-progress$/, refusal(500, "internal", "x")], SETTINGS]);
    renderScreen(<UserSalesScreen />, { url: "/dashboard/admin" });
    expect(await screen.findByText("Failed to load user sales data", {}, { timeout: 5_000 })).toBeTruthy();
    expect(statValue("Total Sales").textContent).toBe("₱0.00");
    expect(screen.getByText("No user data available")).toBeTruthy();
  });

  it("rate dots: green at 50% or more, yellow at 25% or more, red below; N/A without a date", async () => {
    const row = (userEmail: string, registrationRate: number, latestTicketDate: string | null) => ({
      userEmail,
      totalTickets: 100,
      registeredTickets: registrationRate,
      registrationRate,
      totalSales: registrationRate * 50,
      latestTicketDate,
      soldTickets: 0,
      soldAmount: 0,
      cashCollected: 0,
      remitted: 0,
      owed: 0,
    });
    const body: UserProgress = {
      success: true,
      overview: { totalRevenue: 7425, totalTicketsGenerated: 400, totalRegistered: 149, activeUsers: 4 },
      userProgress: [
        row("a@example.com", 50, "2026-02-01T15:59:00Z"),
        row("b@example.com", 49.9, null),
        row("c@example.com", 25, null),
        row("d@example.com", 24.9, null),
      ],
    };
    stubApi([[/^\/api\/dashboard\/admin\/user-progress$/, { json: body }], SETTINGS]);
    renderScreen(<UserSalesScreen />, { url: "/dashboard/admin" });
    await screen.findByText("d@example.com", { selector: "[data-testid=user-generated-row] *" });
    const rows = screen.getAllByTestId("user-generated-row");
    const tones = rows.map((r) => within(r).getByTestId("rate"));
    expect(tones.map((t) => t.textContent)).toEqual(["50.0%", "49.9%", "25.0%", "24.9%"]);
    expect(tones.map((t) => t.dataset.tone)).toEqual(["green", "yellow", "yellow", "red"]);
    expect(rows[0].textContent).toContain("Feb 1, 2026"); // 23:59 in Manila
    expect(rows[1].textContent).toContain("N/A");
  });
});
