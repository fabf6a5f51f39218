// A spec's own app server, for flows that freeze the raffle (Close sales, the commit, Close), which
// would stop every later spec on a shared worker server: started before the spec's tests, stopped
// after, with the development sign-in on a code of its own. The spec signs in as an administrator
// through the sign-in page and calls the API as that browser.
import { expect, test, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { startAppServer, type AppServer } from "./app-server";
import { ADMIN_EMAIL } from "./helpers";

export interface OwnServer {
  /** http://127.0.0.1:<port>, also the spec's baseURL. */
  url: string;
  /**
   * Signs `page` in as the administrator; answers an API context with that session (and the Origin header the API
   * checks).
   */
  signInAsAdmin(
    page: Page,
    playwright: PlaywrightWorkerArgs["playwright"],
  ): ReturnType<PlaywrightWorkerArgs["playwright"]["request"]["newContext"]>;
}

/** Call at a spec's top level. `portOffset` is added to E2E_PORT (each spec has its own). */
export function useOwnServer(options: { portOffset: number; code: string }): OwnServer {
  const url = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + options.portOffset}`;
  let app: AppServer | undefined;
  test.use({ baseURL: url });
  test.beforeAll(async () => {
    app = await startAppServer({
      port: Number(new URL(url).port),
      env: {
        AUTH_DEV_LOGIN: "true",
        AUTH_DEV_LOGIN_IN_PRODUCTION: "true",
        AUTH_DEV_LOGIN_CODE: options.code,
        SERVED_OVER_HTTP: "true",
      },
    });
  });
  test.afterAll(async () => app?.stop());
  return {
    url,
    async signInAsAdmin(page, playwright) {
      await page.goto("/login");
      await page.getByLabel("Email").fill(ADMIN_EMAIL);
      await page.getByLabel("Sign-in code").fill(options.code);
      await page.getByRole("button", { name: "Sign in (development)" }).click();
      await page.waitForURL(/\/dashboard\/overview$/);
      await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
      return playwright.request.newContext({
        baseURL: url,
        storageState: await page.context().storageState(),
        extraHTTPHeaders: { Origin: url },
      });
    },
  };
}
