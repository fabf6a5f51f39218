// Issue 26, keyboard scripts: every screen can be walked with Tab and Shift+Tab without the focus
// ever hiding under the sticky top bar (WCAG 2.2 2.4.11) or below the screen, and each dialog of
// the Tickets workspace opens from the keyboard, closes with Escape and gives focus back to the
// button that opened it. On a phone (375 × 740), where pages are longest, and on a laptop.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { generateTickets } from "./seed";

test.use({ role: "admin" });

/** Where the focused element is, and whether it is one the top bar may cover (its own items, the drawer's). */
async function focusedBox(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const header = document.querySelector("header");
    const rect = el.getBoundingClientRect();
    return {
      label:
        `${el.tagName.toLowerCase()} ` +
        `"${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`,
      top: rect.top,
      bottom: rect.bottom,
      headerBottom: header?.getBoundingClientRect().bottom ?? 0,
      exempt: Boolean(el.closest("header, #app-sidebar, [role=dialog], [data-sonner-toaster]")) || rect.height === 0,
      viewport: window.innerHeight,
    };
  });
}

/** Tabs forward `stops` times, then back as many, and names every stop the top bar or the screen's edge hides. */
async function hiddenFocusStops(page: Page, stops: number) {
  const hidden: string[] = [];
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press(key);
      const box = await focusedBox(page);
      if (!box || box.exempt) continue;
      // What fits between the top bar and the screen's bottom must be wholly in view; a larger
      // element (a focusable scrolling region) must at least show part of itself (2.4.11).
      const fits = box.bottom - box.top <= box.viewport - box.headerBottom;
      const underBar = fits ? box.top < box.headerBottom - 1 : box.bottom <= box.headerBottom + 1;
      const belowScreen = fits ? box.bottom > box.viewport + 1 : box.top >= box.viewport - 1;
      if (underBar)
        hidden.push(
          `${key} ${i + 1}: ${box.label} under the top bar (top ${Math.round(box.top)} < ` +
            `${Math.round(box.headerBottom)})`,
        );
      else if (belowScreen)
        hidden.push(
          `${key} ${i + 1}: ${box.label} below the screen (bottom ${Math.round(box.bottom)} > ${box.viewport})`,
        );
    }
  }
  return hidden;
}

const SCREENS = [
  "/dashboard/overview",
  "/dashboard/tickets",
  "/dashboard/register",
  "/dashboard/analytics",
  "/dashboard/settings",
  "/dashboard/remittances",
];

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`Tab and Shift+Tab never hide the focus under the top bar, at ${viewport.width} px`, async ({
    page,
    adminApi,
  }) => {
    test.slow();
    await generateTickets(adminApi, { quantity: 30 });
    await page.setViewportSize(viewport);
    for (const screen of SCREENS) {
      await page.goto(screen);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await hiddenFocusStops(page, 25), screen).toEqual([]);
    }
  });
}

test("each Tickets dialog opens from the keyboard, closes with Escape and gives focus back", async ({ page }) => {
  await page.goto("/dashboard/tickets");
  for (const [button, dialogName] of [
    ["Generate Ticket", "Generate Ticket"],
    ["Custom Range", "Custom Range"],
    ["Import CSV", "Import Tickets"],
    ["Print stubs", "Print stubs"],
  ] as const) {
    const trigger = page.getByRole("button", { name: button, exact: true });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: dialogName });
    await expect(dialog, button).toBeVisible();
    // Focus moved into the dialog, and Tab keeps it there.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 25; i++) await page.keyboard.press("Tab");
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), `${dialogName} traps the focus`)
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(trigger, `focus back on ${button}`).toBeFocused();
  }
});
