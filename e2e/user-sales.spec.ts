import type { UserProgress } from "@/lib/api/dashboard";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { switchTheme } from "./helpers";
import { createUnregisteredTickets, generateTickets } from "./seed";
import { SCREEN, count, expectNoSidewaysScroll, getJson, peso, statValue } from "./stats-pages";

test.use({ role: "admin" });

test("cards and the User Progress table show each creator's figures, largest sales first", async ({
  page,
  adminApi,
  userApi,
  staffEmail,
}) => {
  await generateTickets(userApi, { buyer_name: "User Sales Buyer", quantity: 2 });
  await createUnregisteredTickets(adminApi, 3);
  const data = await getJson<UserProgress>(adminApi, "/api/dashboard/admin/user-progress");
  await page.goto("/dashboard/admin");
  await expect(page.getByRole("heading", { name: "User Sales" })).toBeVisible();
  await expect(statValue(page, "Total Sales")).toHaveText(peso(data.overview.totalRevenue));
  await expect(statValue(page, "Total Tickets Generated")).toHaveText(count(data.overview.totalTicketsGenerated));
  await expect(statValue(page, "Registered Tickets")).toHaveText(count(data.overview.totalRegistered));
  await expect(statValue(page, "Active Users")).toHaveText(count(data.overview.activeUsers));

  const rows = page.getByTestId("user-progress-row");
  await expect(rows).toHaveCount(data.userProgress.length);
  await expect(page.getByRole("columnheader")).toHaveText([
    "User Email",
    "Tickets Sold",
    "Sold (₱)",
    "Cash Collected",
    "Remitted",
    "Owed",
    "User Email",
    "Generated",
    "Registered",
    "Registration Rate",
    "Generated, Sold (₱)",
    "Latest Generated",
  ]);
  const generated = page.getByTestId("user-generated-row");
  for (const [i, row] of data.userProgress.entries()) {
    await expect(rows.nth(i)).toContainText(row.userEmail);
    // The seller's own sales (issue 19): what they sold, its pesos, the cash they took.
    await expect(rows.nth(i)).toContainText(peso(row.soldAmount));
    await expect(rows.nth(i)).toContainText(peso(row.cashCollected));
    await expect(generated.nth(i)).toContainText(row.userEmail);
    await expect(generated.nth(i)).toContainText(peso(row.totalSales));
    if (row.totalTickets > 0)
      await expect(generated.nth(i).getByTestId("rate")).toHaveText(`${row.registrationRate.toFixed(1)}%`);
  }
  const staffRow = generated.filter({ hasText: staffEmail });
  await expect(staffRow.getByTestId("rate")).toHaveAttribute("data-tone", "green"); // generated with buyers: 100%
});

// The rate dots' tones (data-tone) and N/A without a date: tests/component/stats-screens.test.tsx (issue 39).

// Empty and failed loads ('No user data available', the error toast with zeros):
// tests/component/stats-screens.test.tsx (issue 39).

test("axe finds nothing, light and dark, and 375 px fits", async ({ page, userApi }) => {
  await generateTickets(userApi, { buyer_name: "Axe Buyer" });
  // One load: light, dark, then the phone width, each checked on the same page.
  await page.goto("/dashboard/admin");
  await expect(page.getByTestId("user-progress-row").first()).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expectNoA11yViolations(page, { include: SCREEN, label: `user sales (${theme})` });
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByTestId("user-progress").locator("dt", { hasText: "Registration Rate" }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, { include: SCREEN, label: "user sales at 375 px" });
});
