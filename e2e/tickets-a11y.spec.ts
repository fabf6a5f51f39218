// axe on Tickets Management and each of its dialogs, light and dark, wide and narrow; and the
// dialogs by keyboard alone.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoA11yViolations } from "./a11y";
import { switchTheme } from "./helpers";
import { createUnregisteredTickets, generateTickets } from "./seed";
import { gotoTickets, uniqueToken } from "./tickets-page";

test.use({ role: "admin" });

/**
 * One axe pass per theme on the state the page is in: light, then dark switched in place (no new
 * navigation, the dialog stays open), then back to light for the next step (issue 39).
 */
async function scanBothThemes(page: Page, options: { label: string; include?: string }) {
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expectNoA11yViolations(page, { ...options, label: `${options.label} (${theme})` });
  }
  await switchTheme(page, "light");
}

test("the screen and its dialogs have no axe violation, light and dark", async ({ page, adminApi }) => {
  // Two dozen axe scans (screen, views, every dialog, in both themes): each takes seconds on two busy cores.
  test.slow();
  await generateTickets(adminApi, { quantity: 3, buyer_name: uniqueToken("Axe Buyer "), email: "axe@example.com" });
  await createUnregisteredTickets(adminApi, 1);
  await gotoTickets(page, "?status=registered");
  await scanBothThemes(page, { label: "tickets table" });

  await page.getByRole("button", { name: "Card view" }).click();
  await scanBothThemes(page, { label: "tickets cards" });

  const firstRow = page.getByTestId("ticket-card").first();
  await firstRow.getByRole("button", { name: /View details of/ }).click();
  await expect(page.getByRole("dialog", { name: "Ticket Details" })).toBeVisible();
  await scanBothThemes(page, { include: "[role=dialog]", label: "details" });
  await page.keyboard.press("Escape");

  await firstRow.getByRole("button", { name: /Delete/ }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await scanBothThemes(page, { include: "[role=alertdialog]", label: "delete confirmation" });
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Generate Ticket" }).click();
  const generate = page.getByRole("dialog", { name: "Generate Ticket" });
  await generate.getByRole("radio", { name: "GCash" }).click();
  await generate.getByRole("button", { name: "Generate Ticket" }).click();
  await expect(generate.getByText("Buyer name is required.")).toBeVisible();
  await scanBothThemes(page, { include: "[role=dialog]", label: "generate form with errors" });
  await generate.getByLabel("Buyer Name").fill("Axe Success");
  await generate.getByLabel("Number of Tickets").fill("12");
  await generate.getByRole("radio", { name: "Cash", exact: true }).click();
  await generate.getByRole("button", { name: "Generate 12 Tickets" }).click();
  await expect(generate.getByText("... and 2 more tickets")).toBeVisible();
  await scanBothThemes(page, { include: "[role=dialog]", label: "generate success" });
  await generate.getByRole("button", { name: "Close", exact: true }).last().click();

  await page.getByRole("button", { name: "Custom Range" }).click();
  const range = page.getByRole("dialog", { name: "Custom Range Generator" });
  await range.getByLabel("Start Range").fill("1");
  await range.getByLabel("End Range").fill("3");
  await range.getByRole("button", { name: "Generate 3 Tickets" }).click();
  await expect(range.getByTestId("custom-range-results")).toBeVisible();
  await scanBothThemes(page, { include: "[role=dialog]", label: "custom range results" });
  await page.keyboard.press("Escape");

  await gotoTickets(page, "?status=unregistered");
  await page
    .getByRole("button", { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Edit Ticket" })).toBeVisible();
  await scanBothThemes(page, { include: "[role=dialog]", label: "edit" });
});

test("the screen works at 375 × 740 with no axe violation, light and dark", async ({ page, adminApi }) => {
  await generateTickets(adminApi, { quantity: 2, payment_method: "cash" });
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoTickets(page, "?payment=cash");
  await expect(page.getByTestId("ticket-card").first()).toBeVisible();
  await scanBothThemes(page, { label: "narrow screen" });
  await page.getByRole("button", { name: "Generate Ticket" }).click();
  // The dialog's code loads on first use: scan it once it is there, not the moment of the click.
  await expect(page.getByRole("dialog", { name: "Generate Ticket" })).toBeVisible();
  await scanBothThemes(page, { include: "[role=dialog]", label: "narrow generate" });
  // Everything inside the dialog is reachable: its last button scrolls into view.
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Generate/ })
    .scrollIntoViewIfNeeded();
  await expect(page.getByRole("dialog").getByRole("button", { name: /^Generate/ })).toBeInViewport();
});

test("the dialogs work by keyboard alone and keep focus inside", async ({ page }) => {
  await gotoTickets(page);
  await page.getByRole("button", { name: "Generate Ticket" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Generate Ticket" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Buyer Name")).toBeFocused();
  await page.keyboard.type("Keyboard Person");
  // Tab cycles inside the dialog (focus trap).
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Generate Ticket" })).toBeFocused();
});
