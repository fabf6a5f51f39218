import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

export const ADMIN_EMAIL = "admin@example.com";
const OIDC_ISSUER = `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? 3199}`;

// Each Playwright worker is its own process with its own app server (e2e/fixtures.ts sets this).
let currentAppOrigin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

export function setAppOrigin(url: string) {
  currentAppOrigin = new URL(url).origin;
}

/** This worker's app server, e.g. http://127.0.0.1:3100. */
export function appOrigin() {
  return currentAppOrigin;
}

/** A fresh address per call, so tests never depend on each other's users. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Tells the local OIDC issuer who the next "Google" sign-in to this worker's app is. */
export async function chooseGoogleIdentity(
  request: APIRequestContext,
  identity: { email: string; name?: string; emailVerified?: boolean },
  origin: string = appOrigin(),
) {
  const res = await request.post(`${OIDC_ISSUER}/__e2e/next-identity`, { data: { ...identity, origin } });
  expect(res.status()).toBe(204);
}

/** Clicks 'Sign in with Google' on /login as `email`; resolves once the round trip is over. */
export async function signInWithGoogle(page: Page, email: string, name?: string) {
  await page.goto("/login");
  await chooseGoogleIdentity(page.request, { email, name }, new URL(page.url()).origin);
  // The page is on /login already: wait for where the round trip ends (the dashboard, or
  // /login?error=... on a refusal), not for a URL that matches before it starts.
  await Promise.all([
    page.waitForURL((url) => url.pathname === "/dashboard/overview" || url.searchParams.has("error"), {
      waitUntil: "commit",
    }),
    page.getByRole("button", { name: "Sign in with Google" }).click(),
  ]);
}

/** Cookie-authenticated writes must carry our own Origin, as a browser's fetch does. */
export async function callApiAsBrowser(page: Page, method: "POST" | "PUT" | "DELETE", path: string, data: unknown) {
  return page.request.fetch(path, { method, data, headers: { Origin: appOrigin() } });
}

export async function addUserViaApi(adminPage: Page, user: { email: string; displayName: string; isAdmin?: boolean }) {
  const res = await callApiAsBrowser(adminPage, "POST", "/api/auth/add-user", { isAdmin: false, ...user });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

export function sidebarLinks(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link");
}

/** next-themes keeps the choice in localStorage; set it before the page loads. */
export async function setTheme(page: Page, theme: "light" | "dark") {
  await page.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
}

/**
 * Switches the theme of the page as it is, without a new navigation: next-themes follows the
 * `theme` key of localStorage through the storage event (as when another tab changes it), so one
 * loaded screen is checked in both themes. Later navigations keep it (setTheme's script aside).
 */
export async function switchTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => {
    window.localStorage.setItem("theme", t);
    window.dispatchEvent(new StorageEvent("storage", { key: "theme", newValue: t, storageArea: window.localStorage }));
  }, theme);
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  // A colour transition (Tailwind's transition-colors) that the switch starts reports its old
  // colour until the next frame, however short it is: an axe pass in between measures the previous
  // theme's contrast. So the switch is done when no transition is left running.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length))
    .toBe(0);
}

/**
 * Chooses a Radix tab by its name and waits until it is selected. A click that lands before the
 * page has hydrated does nothing (the server's markup has no handlers yet), so it is repeated until
 * the tab says it is selected.
 */
export async function chooseTab(page: Page, name: string) {
  const tab = page.getByRole("tab", { name });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens a dialog with the button that opens it, and waits until it shows. As with `chooseTab`, a
 * click that lands before the page has hydrated does nothing, so it is repeated while the dialog
 * is not there (a dialog's code may also still be loading: decision 178).
 */
export async function openDialog(button: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

/**
 * A picture for a person to look at (a screen, a stage of a journey), read by no assertion: taken
 * only when E2E_SCREENSHOTS=1 asks, as the suite's pictures were seconds each of every run (issue
 * 39). A failed test gets its own picture either way (playwright.config.ts, "only-on-failure").
 */
export const TAKE_SCREENSHOTS = Boolean(process.env.E2E_SCREENSHOTS);

export async function screenshotForPeople(page: Page, options: { path: string; fullPage?: boolean }) {
  if (!TAKE_SCREENSHOTS) return;
  await page.screenshot(options);
}
