// One's own sessions (issue 25 item 12): a seller sees where they are signed in from the account
// menu and ends the other browser's session; an administrator finds the same under Settings → Account.
import { expectNoA11yViolations } from "./a11y";
import { STAFF, expect, test } from "./fixtures";
import { signInWithGoogle } from "./helpers";

test.describe("a seller", () => {
  test.use({ role: "user" });

  test("sees their sessions from the account menu and ends the one on another browser", async ({
    page,
    browser,
    app,
    staffEmail,
  }) => {
    // The same seller signs in on a second browser.
    // A browser of its own: no stored sign-in (the test's own role is not carried over).
    const other = await browser.newContext({ baseURL: app.url, storageState: { cookies: [], origins: [] } });
    const otherPage = await other.newPage();
    await signInWithGoogle(otherPage, staffEmail, STAFF.displayName);
    await expect(otherPage).toHaveURL(/\/dashboard\/overview$/);

    await page.goto("/dashboard/overview");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Your Sessions" }).click();
    const dialog = page.getByRole("dialog", { name: "Your Sessions" });
    await expect(dialog).toBeVisible();
    const list = dialog.getByRole("list", { name: "Your sessions" });
    await expect(list.getByText("This session")).toHaveCount(1);
    await expect(dialog.getByText(/You are signed in here and in \d+ other places?\./)).toBeVisible();
    await expectNoA11yViolations(page, { include: "[role=dialog]", label: "Your Sessions" });

    const before = await list.getByRole("listitem").count();
    // The newest other session is the second browser's: end it.
    await list
      .getByRole("button", { name: /End Session/ })
      .first()
      .click();
    await expect(page.getByText("Session ended")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(before - 1);

    // The second browser is signed out from its next request on.
    const answer = await otherPage.request.get("/api/auth/sessions", { headers: { Origin: app.url } });
    expect(answer.status()).toBe(401);
    await other.close();
  });
});

test.describe("an administrator", () => {
  test.use({ role: "admin" });

  test("finds their sessions under Settings → Account, at 375 px too", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/dashboard/settings?tab=account");
    await expect(page.getByRole("heading", { name: "Your Sessions" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Your sessions" }).getByText("This session")).toBeVisible();
    await expectNoA11yViolations(page, { label: "Settings → Account at 375 px" });
  });
});
