import { expect, test } from "./browser-test";
import { NAV_ITEMS } from "../components/dashboard/nav-items";
import { watchPage } from "./fixtures";
import { useOwnServer } from "./own-server";

// The README's first command (`npm run local`) runs with the development sign-in and a sign-in
// code; this spec's own server does too (the same build, no Google, cookies without Secure over
// plain http). It starts with the spec, from the run's migrated template, instead of with every
// run as a web server of playwright.config.ts that migrated an empty database first (issue 39).
const DEV_LOGIN_CODE = "E2E7-C0DE";
useOwnServer({ portOffset: 45, code: DEV_LOGIN_CODE });

const NOT_AUTHORIZED =
  "Your email is not authorized to access this application. Please contact the administrator for access.";

test("the development sign-in asks for the code, admits an allow-listed email and refuses another", async ({
  page,
}) => {
  const problems: string[] = [];
  watchPage(page, problems);
  await page.goto("/login");
  await expect(page.getByText("Development sign-in")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeDisabled();

  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Sign-in code").fill("AAAA-AAAA");
  await page.getByRole("button", { name: "Sign in (development)" }).click();
  await expect(page).toHaveURL(/\/login\?error=DevLoginCode$/);
  await expect(page.getByRole("alert").filter({ hasText: "sign-in code" })).toContainText(
    "not the sign-in code `npm run local` printed",
  );

  // The code as a person may type it: lower case, a space for the dash.
  await page.getByLabel("Sign-in code").fill(DEV_LOGIN_CODE.toLowerCase().replace("-", " "));
  await page.getByLabel("Email").fill("stranger@example.com");
  await page.getByRole("button", { name: "Sign in (development)" }).click();
  await expect(page).toHaveURL(/\/login\?error=AccessDenied$/);
  await expect(page.getByRole("alert").filter({ hasText: NOT_AUTHORIZED })).toHaveText(NOT_AUTHORIZED);

  await page.getByLabel("Email").fill("ADMIN@example.com ");
  await page.getByLabel("Sign-in code").fill(DEV_LOGIN_CODE);
  await page.getByRole("button", { name: "Sign in (development)" }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  // Over plain http the session cookie is not Secure (the local run says it is served over http).
  const session = (await page.context().cookies()).find((c) => c.name.endsWith("authjs.session-token"));
  expect(session).toMatchObject({ name: "authjs.session-token", secure: false, httpOnly: true });
  // An administrator's sidebar: every entry of the list, each once.
  const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
  for (const item of NAV_ITEMS) await expect(links.filter({ hasText: item.description })).toHaveCount(1);
  expect(problems, "errors in the browser").toEqual([]);
});
