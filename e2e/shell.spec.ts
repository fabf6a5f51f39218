import { expect, test } from "./fixtures";

test.use({ viewport: { width: 375, height: 740 }, role: "admin" });

test("the drawer at 375 px opens, and the overlay, the close button and a link close it", async ({ page }) => {
  await page.goto("/dashboard/overview");

  const drawer = page.locator("#app-sidebar");
  const overlay = page.getByTestId("sidebar-overlay");
  const openMenu = page.getByRole("button", { name: "Open menu" });
  await expect(drawer).toBeHidden();

  await openMenu.click();
  await expect(drawer).toBeVisible();
  await expect(overlay).toBeVisible();
  await overlay.click({ position: { x: 340, y: 400 } }); // the part the drawer does not cover
  await expect(drawer).toBeHidden();
  await expect(overlay).toHaveCount(0);

  await openMenu.click();
  await expect(drawer).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(drawer).toBeHidden();

  await openMenu.click();
  await drawer.getByRole("link", { name: /Register Ticket/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/register$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { name: "Ticket Registration" })).toBeVisible();
});
