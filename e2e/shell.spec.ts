import { expect, test } from "./fixtures";

test.use({ viewport: { width: 375, height: 740 }, role: "admin" });

test("the drawer at 375 px opens, and the overlay, the close button and a link close it", async ({ page }) => {
  // A page's links are prefetched when a person points at one or focuses it, not when they are shown
  // (components/ui/link.tsx, decision 291): the page load asks the server for no other page.
  const prefetched: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
  });
  await page.goto("/dashboard/overview");
  await page.waitForLoadState("networkidle");
  expect(prefetched, "pages prefetched by the page load").toEqual([]);

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
  await drawer.getByRole("link", { name: /Analytics/ }).hover();
  await expect.poll(() => prefetched, "the page a pointer is over is prefetched").toContain("/dashboard/analytics");
  expect(
    prefetched.filter((p) => p !== "/dashboard/analytics"),
    "pages nobody pointed at",
  ).toEqual([]);
  await drawer.getByRole("link", { name: /Register Ticket/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/register$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { name: "Ticket Registration" })).toBeVisible();
});
