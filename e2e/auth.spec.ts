import { expect, test } from "./fixtures";
import { expectNoA11yViolations } from "./a11y";
import {
  ADMIN_EMAIL,
  addUserViaApi,
  callApiAsBrowser,
  chooseGoogleIdentity,
  setTheme,
  sidebarLinks,
  signInWithGoogle,
  uniqueEmail,
} from "./helpers";

const NOT_AUTHORIZED =
  "Your email is not authorized to access this application. Please contact the administrator for access.";

test("an admin signs in with Google and sees every sidebar entry", async ({ page }) => {
  await signInWithGoogle(page, ADMIN_EMAIL, "Ada Admin");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(sidebarLinks(page)).toHaveText([
    /^OverviewDashboard overview$/,
    /^TicketsManage tickets$/,
    /^Register TicketCreate new tickets$/,
    /^AnalyticsView reports$/,
    /^Admin DashboardAdminUser progress monitoring$/,
    /^RemittancesStubs and cash owed$/,
    /^ReconciliationStatements matched to payments$/,
    /^My StatementStubs, cash, receipts$/,
    /^DrawPrizes, draw and winners$/,
    /^Close-outClose, archive, remove personal data$/,
    /^SettingsApp settings$/,
  ]);
  await expect(page.getByRole("link", { name: /Overview/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();

  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toContainText("My Account");
  await expect(page.getByRole("menu")).toContainText("Ada Admin");
  await expect(page.getByRole("menu")).toContainText("Administrator");
});

test("a user sees Overview, Register Ticket and My Statement only, and an admin URL lands on the overview", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("user");
  await signInWithGoogle(page, ADMIN_EMAIL);
  await addUserViaApi(page, { email, displayName: "Uma User" });

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  // Sign-in records the display name from the Google token, so the token names her.
  await signInWithGoogle(userPage, email, "Uma User");
  await expect(userPage).toHaveURL(/\/dashboard\/overview$/);
  await expect(sidebarLinks(userPage)).toHaveText([/^Overview/, /^Register Ticket/, /^My Statement/]);

  await userPage.goto("/dashboard/settings");
  await expect(userPage).toHaveURL(/\/dashboard\/overview$/);
  await userPage.goto("/dashboard/tickets");
  await expect(userPage).toHaveURL(/\/dashboard\/overview$/);

  await userPage.getByRole("button", { name: "Account menu" }).click();
  await expect(userPage.getByRole("menu")).toContainText("Uma User");
  await expect(userPage.getByRole("menu")).not.toContainText("Administrator");
  await expect(userPage.getByRole("menu")).toContainText("User");
  await userContext.close();
});

test("an unlisted email sees the exact refusal", async ({ page }) => {
  await signInWithGoogle(page, uniqueEmail("stranger"));
  await expect(page).toHaveURL(/\/login\?error=AccessDenied$/);
  await expect(page.getByRole("alert").filter({ hasText: NOT_AUTHORIZED })).toHaveText(NOT_AUTHORIZED);
  await page.goto("/dashboard/overview");
  await expect(page).toHaveURL(/\/login$/);
});

test("sign-out returns to /login and the dashboard is closed again", async ({ page }) => {
  await signInWithGoogle(page, ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  await expect(page.getByText("Sign out failed")).toHaveCount(0);
  await page.goto("/dashboard/overview");
  await expect(page).toHaveURL(/\/login$/);
});

test("a disabled user's next API call gets 401 and next navigation lands on /login", async ({ page, browser }) => {
  const email = uniqueEmail("soon-disabled");
  await signInWithGoogle(page, ADMIN_EMAIL);
  await addUserViaApi(page, { email, displayName: "Dee Disabled" });

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signInWithGoogle(userPage, email);
  await expect(userPage).toHaveURL(/\/dashboard\/overview$/);
  expect((await userPage.request.get("/api/auth/profile")).status()).toBe(200);

  const disabled = await callApiAsBrowser(page, "PUT", "/api/auth/disable-user", { email });
  expect(disabled.status()).toBe(200);

  expect((await userPage.request.get("/api/auth/profile")).status()).toBe(401);
  // The overview refreshes its statistics in the background (on focus): that request's 401 may
  // send the page to /login before the click does. Either way the next step lands there.
  if (!userPage.url().endsWith("/login")) {
    await userPage
      .getByRole("link", { name: /Register Ticket/ })
      .click({ timeout: 5_000 })
      .catch(() => {});
  }
  await expect(userPage).toHaveURL(/\/login$/);
  await expect(userPage.getByRole("button", { name: "Sign in with Google" })).toBeVisible();

  // Signing in again is refused too: the allow-list entry is disabled.
  await chooseGoogleIdentity(userPage.request, { email });
  await userPage.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(userPage).toHaveURL(/\/login\?error=AccessDenied$/);
  await userContext.close();
});

test("the route table redirects on the server", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/no-such-page");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/login$/); // via /dashboard/register, which needs sign-in

  await signInWithGoogle(page, ADMIN_EMAIL);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/dashboard\/register$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await page.goto("/dashboard/admin");
  await expect(page.getByRole("heading", { name: "User Sales" })).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`the sign-in page passes axe in ${theme} mode`, async ({ page }) => {
    await setTheme(page, theme);
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "User Access" })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
    await expectNoA11yViolations(page, { label: `sign-in page (${theme})` });
  });
}
