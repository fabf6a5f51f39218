// Issue 12: settings that show in the browser take effect on the next page load: the default
// theme (dark_mode) and each person's own light/dark choice from the account menu, the primary
// colour, the title and the login line (site_name, site_description), and Google sign-in
// following require_email_verification.
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { chooseGoogleIdentity, uniqueEmail } from "./helpers";
import { addUser } from "./seed";
import { withSettings } from "./settings-helpers";

const isDark = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.classList.contains("dark"));

test.describe("signed in", () => {
  test.use({ role: "admin" });

  test("the account menu switches light and dark, kept in this browser across reloads", async ({ page }) => {
    await page.goto("/dashboard/overview");
    const startedDark = await isDark(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    const toggle = page.getByRole("menuitemcheckbox", { name: "Dark mode" });
    await expect(toggle).toHaveAttribute("aria-checked", String(startedDark));
    await expectNoA11yViolations(page, { include: "[role=menu]", label: "the account menu" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", String(!startedDark));
    expect(await isDark(page)).toBe(!startedDark);
    await page.keyboard.press("Escape");

    await page.reload();
    expect(await isDark(page)).toBe(!startedDark);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe(startedDark ? "light" : "dark");

    // By keyboard, back to where it started.
    await page.getByRole("button", { name: "Account menu" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitemcheckbox", { name: "Dark mode" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => isDark(page)).toBe(startedDark);
  });

  test("dark_mode is the default theme for anyone who has not chosen, and primary_color the colour", async ({
    page,
    adminApi,
    browser,
    app,
  }) => {
    const freshPage = async () => {
      const context = await browser.newContext({ baseURL: app.url, storageState: { cookies: [], origins: [] } });
      const p = await context.newPage();
      await p.goto("/login");
      return { p, context };
    };
    await withSettings(adminApi, { dark_mode: true, primary_color: "#667eea" }, async () => {
      const { p, context } = await freshPage();
      await expect(p.locator("html")).toHaveClass(/\bdark\b/);
      await context.close();
    });
    await withSettings(adminApi, { dark_mode: false, primary_color: "#1e3a8a" }, async () => {
      const { p, context } = await freshPage();
      await expect(p.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
      await expect(p.locator("html")).not.toHaveClass(/\bdark\b/);
      await expect
        .poll(() =>
          p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim()),
        )
        .toBe("#1e3a8a");
      await context.close();

      // A person's own choice still wins over the default.
      await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      await page.goto("/dashboard/settings");
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
      await expectNoA11yViolations(page, { label: "settings with a custom primary colour (dark)" });
    });
  });
});

test("site_name and site_description are the page's title and description and the login screen's line", async ({
  page,
  adminApi,
}) => {
  await withSettings(
    adminApi,
    { site_name: "Reunion Raffle Desk", site_description: "Proceeds go to the scholarship fund" },
    async () => {
      await page.goto("/login");
      await expect(page).toHaveTitle("Reunion Raffle Desk");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        "Proceeds go to the scholarship fund",
      );
      await expect(page.getByText("Authorized User Access")).toBeVisible();
      await expect(page.getByText("Proceeds go to the scholarship fund")).toBeVisible();
    },
  );
  await page.reload();
  await expect(page).toHaveTitle("Batch 2000 Raffle Dashboard");
  await expect(page.getByText("Proceeds go to the scholarship fund")).toHaveCount(0);
});

test("require_email_verification decides whether Google's unverified accounts get in", async ({ page, adminApi }) => {
  const email = uniqueEmail("unverified");
  await addUser(adminApi, { email, displayName: "Una Verified" });
  const signInUnverified = async () => {
    await page.goto("/login");
    await chooseGoogleIdentity(
      page.request,
      { email, name: "Una Verified", emailVerified: false },
      new URL(page.url()).origin,
    );
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/dashboard/overview" || url.searchParams.has("error"), {
        waitUntil: "commit",
      }),
      page.getByRole("button", { name: "Sign in with Google" }).click(),
    ]);
  };

  await withSettings(adminApi, { require_email_verification: true }, async () => {
    await signInUnverified();
    await expect(page).toHaveURL(/\/login\?error=AccessDenied$/);
  });
  await withSettings(adminApi, { require_email_verification: false }, async () => {
    await signInUnverified();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });
});
