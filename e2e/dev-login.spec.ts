import { expect, test } from "./fixtures";

// The README's first command runs with AUTH_DEV_LOGIN=true; this instance does too.
test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_DEV_LOGIN_PORT ?? 3101}` });

const NOT_AUTHORIZED =
  "Your email is not authorized to access this application. Please contact the administrator for access.";

test("the development sign-in admits an allow-listed email and refuses another", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByText("Development sign-in")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeDisabled();

  await page.getByLabel("Email").fill("stranger@example.com");
  await page.getByRole("button", { name: "Sign in (development)" }).click();
  await expect(page).toHaveURL(/\/login\?error=AccessDenied$/);
  await expect(page.getByRole("alert").filter({ hasText: NOT_AUTHORIZED })).toHaveText(NOT_AUTHORIZED);

  await page.getByLabel("Email").fill("ADMIN@example.com ");
  await page.getByRole("button", { name: "Sign in (development)" }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveCount(6);
});
