// The statistics screens without figures (issue 39: moved from e2e/analytics.spec.ts and
// e2e/user-sales.spec.ts, where each was a page load checking text only): the load-error toast,
// zeros on the cards, the empty tables' messages, and Analytics' failed export. Their layout and
// contrast in both themes stay in those specs' axe tests.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AnalyticsScreen } from "@/components/analytics/analytics-screen";
import { Toaster } from "@/components/ui/sonner";
import { UserSalesScreen } from "@/components/user-sales/user-sales-screen";
import { renderScreen, stubApi } from "./render";

const SETTINGS = [/^\/api\/settings$/, { json: { success: true, settings: { timezone: "Asia/Manila" } } }] as const;
const statValue = (title: string) => within(screen.getByRole("group", { name: title })).getByTestId("stat-value");

describe("Analytics without figures", () => {
  it("the error toast, zeros, 'No payment data available' and a failed export", async () => {
    stubApi([
      [
        /^\/api\/dashboard\/analytics\/historical\?/,
        { status: 503, json: { success: false, code: "unavailable", message: "down" } },
      ],
      [...SETTINGS],
    ]);
    renderScreen(
      <>
        <AnalyticsScreen />
        <Toaster />
      </>,
      { url: "/dashboard/analytics" },
    );
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
      [...SETTINGS],
    ]);
    renderScreen(<UserSalesScreen />, { url: "/dashboard/admin" });
    expect(await screen.findByText("No user data available")).toBeTruthy();
  });

  it("a failed load: the error toast, zeros and 'No user data available'", async () => {
    stubApi([
      [
        /^\/api\/dashboard\/admin\/user-progress$/,
        { status: 500, json: { success: false, code: "internal", message: "x" } },
      ],
      [...SETTINGS],
    ]);
    renderScreen(
      <>
        <UserSalesScreen />
        <Toaster />
      </>,
      { url: "/dashboard/admin" },
    );
    expect(await screen.findByText("Failed to load user sales data", {}, { timeout: 5_000 })).toBeTruthy();
    expect(statValue("Total Sales").textContent).toBe("₱0.00");
    expect(screen.getByText("No user data available")).toBeTruthy();
  });
});
