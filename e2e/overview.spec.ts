import type { DashboardStats } from "@/lib/api/dashboard";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { switchTheme } from "./helpers";
import { createUnregisteredTickets, generateTickets, registerTicket } from "./seed";
import {
  SCREEN,
  count,
  expectChartDrawn,
  expectNoSidewaysScroll,
  getJson,
  peso,
  statCard,
  statValue,
} from "./stats-pages";

test.describe("as an administrator", () => {
  test.use({ role: "admin" });

  test("cards, charts and recent activity show the database's figures", async ({ page, adminApi, userApi }) => {
    await generateTickets(userApi, {
      buyer_name: "Overview Gcash Buyer",
      payment_method: "gcash",
      gcash_reference: "GC-OV-1",
      quantity: 2,
    });
    const [unregistered] = await createUnregisteredTickets(adminApi, 1);
    await registerTicket(userApi, unregistered.control_number, {
      buyerName: "Late Registrant",
      phoneNumber: "09171234567",
    });
    const stats = await getJson<DashboardStats>(adminApi, "/api/dashboard/stats");

    await page.goto("/dashboard/overview");
    await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
    const { user } = await getJson<{ user: { email: string; displayName: string | null } }>(
      adminApi,
      "/api/auth/profile",
    );
    await expect(page.getByText(`Welcome back, ${user.displayName || user.email}!`)).toBeVisible();
    await expect(statValue(page, "Total Tickets")).toHaveText(count(stats.summary.total));
    await expect(statValue(page, "Registered")).toHaveText(count(stats.summary.registered));
    await expect(statValue(page, "Unregistered")).toHaveText(count(stats.summary.unregistered));
    await expect(statValue(page, "Total Revenue")).toHaveText(peso(stats.summary.revenue));

    await expectChartDrawn(page.getByTestId("trend-chart"), "Tickets generated per day, last 30 days");
    const today = stats.trends.daily.at(-1)!;
    await expect(page.getByTestId("trend-chart").locator("table tbody tr").last()).toContainText(String(today.count));
    await expectChartDrawn(page.getByTestId("payment-chart"), "Sold tickets by payment method");
    await expect(page.getByTestId("payment-chart").locator("table")).toContainText("GCash");
    const legend = page.getByTestId("payment-chart").locator(".recharts-legend-item-text");
    await expect(legend.filter({ hasText: /^GCash$/ })).toHaveCount(1);
    await expect(legend.filter({ hasText: /^Cash$/ })).toHaveCount(1);
    // Hovering a slice: its count and its share to 1 decimal.
    const first = stats.paymentBreakdown[0];
    const firstLabel = { cash: "Cash", gcash: "GCash", bank_transfer: "Bank Transfer" }[first.method];
    const ticketsInChart = stats.paymentBreakdown.reduce((n, m) => n + m.count, 0);
    // The first slice (the largest) starts at 3 o'clock: point just above it, inside the ring. The
    // chart is scrolled into view first: with a cash-on-hand alert above it (another test's sales on
    // this worker's database) it is below the fold, where the mouse cannot point. The drawing loads
    // after the figures and its sectors grow in, so the ring is measured and pointed at again until
    // the tooltip answers.
    const tooltip = `${firstLabel}:${count(first.count)} (${((first.count / ticketsInChart) * 100).toFixed(1)}%)`;
    await page.getByTestId("payment-chart").scrollIntoViewIfNeeded();
    await expect(async () => {
      const boxes = await page
        .getByTestId("payment-chart")
        .locator(".recharts-pie-sector path")
        .evaluateAll((paths) =>
          paths
            .map((p) => p.getBoundingClientRect())
            .map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })),
        );
      const [left, right] = [Math.min(...boxes.map((b) => b.left)), Math.max(...boxes.map((b) => b.right))];
      const [top, bottom] = [Math.min(...boxes.map((b) => b.top)), Math.max(...boxes.map((b) => b.bottom))];
      const radius = (right - left) / 2;
      await page.mouse.move(0, 0);
      await page.mouse.move(left + radius + radius * 0.8, (top + bottom) / 2 - 10);
      await expect(page.getByTestId("payment-chart")).toContainText(tooltip, { timeout: 1_500 });
    }).toPass({ timeout: 15_000 });

    // The latest activity is the late registration, at its registration time.
    const rows = page.getByTestId("activity-row");
    await expect(rows).toHaveCount(Math.min(10, stats.recentActivity.length));
    await expect(rows.first()).toContainText("Late Registrant");
    await expect(rows.first()).toContainText(`Control #: ${unregistered.control_number}`);
    await expect(rows.first()).toContainText("Registered");
    await expect(rows.first()).toContainText("Cash");
    await expect(rows.first()).toContainText(/less than a minute ago|1 minute ago/);
    const gcashRow = rows.filter({ hasText: "Overview Gcash Buyer" }).first();
    await expect(gcashRow).toContainText("GCash");
    await expect(page.getByRole("link", { name: "View Reports", exact: true })).toHaveAttribute(
      "href",
      "/dashboard/analytics",
    );
  });

  test("a ticket generated elsewhere shows after a reload, and every figure moves with it", async ({
    page,
    userApi,
    adminApi,
  }) => {
    await page.goto("/dashboard/overview");
    const before = await getJson<DashboardStats>(adminApi, "/api/dashboard/stats");
    await expect(statValue(page, "Total Tickets")).toHaveText(count(before.summary.total));
    await generateTickets(userApi, { buyer_name: "Reload Buyer", quantity: 3 });
    await page.reload();
    await expect(statValue(page, "Total Tickets")).toHaveText(count(before.summary.total + 3));
    await expect(statValue(page, "Registered")).toHaveText(count(before.summary.registered + 3));
    await expect(statCard(page, "Total Tickets")).toContainText(`${count(before.summary.today + 3)} generated today`);
    await expect(page.getByTestId("activity-row").first()).toContainText("Reload Buyer");
  });

  test("an activity row opens Ticket Details", async ({ page, userApi }) => {
    const [ticket] = await generateTickets(userApi, { buyer_name: "Details Buyer" });
    await page.goto("/dashboard/overview");
    await page.getByTestId("activity-row").filter({ hasText: "Details Buyer" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Ticket Details" });
    await expect(dialog).toContainText(ticket.control_number);
  });
});

test.describe("as staff", () => {
  test.use({ role: "user" });

  test("the overview is theirs too, without View Reports, and passes axe light and dark", async ({ page, userApi }) => {
    await generateTickets(userApi, { buyer_name: "Staff Overview Buyer" });
    await page.goto("/dashboard/overview");
    await expect(page.getByTestId("activity-row").first()).toBeVisible();
    await expect(page.getByTestId("trend-chart").locator("svg.recharts-surface").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "View Reports", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Generate Ticket" })).toBeVisible();
    for (const theme of ["light", "dark"] as const) {
      await switchTheme(page, theme);
      await expectNoA11yViolations(page, { include: SCREEN, label: `overview (${theme})` });
    }
  });

  test("Generate Ticket opens the Generate dialog for staff; Close refreshes Recent Activity", async ({ page }) => {
    const name = `Overview Generated ${Date.now().toString(36)}`;
    await page.goto("/dashboard/overview");
    await page.getByRole("button", { name: "Generate Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Ticket" });
    await dialog.getByLabel("Buyer Name").fill(name);
    await dialog.getByLabel("Phone Number").fill("09171234567");
    await dialog.getByRole("button", { name: "Generate Ticket" }).click();
    await expect(page.getByText("1 ticket generated successfully")).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("activity-row").filter({ hasText: name })).toHaveCount(1);
  });

  test.describe("at 375 × 740", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("everything fits the width, charts keep their height", async ({ page, userApi }) => {
      await generateTickets(userApi, { buyer_name: "A Buyer With A Rather Long Name For A Small Screen" });
      await page.goto("/dashboard/overview");
      await expect(page.getByTestId("activity-row").first()).toBeVisible();
      await expectChartDrawn(page.getByTestId("trend-chart"), "Tickets generated per day, last 30 days");
      await expectNoSidewaysScroll(page);
      await expectNoA11yViolations(page, { include: SCREEN, label: "overview at 375 px" });
    });
  });
});
