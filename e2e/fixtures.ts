// The Playwright fixtures every spec imports instead of @playwright/test:
// - one production server per worker (`app`), on its own port with its own in-memory database,
//   so workers run in parallel without seeing each other's tickets;
// - one Google sign-in per role per worker, reused as storageState: `test.use({ role: "admin" })`
//   or `{ role: "user" }` starts a test signed in; the default (no role) is a fresh browser;
// - `adminApi` / `userApi`: request contexts signed in as those roles, for seeding through the API;
// - every page fails its test on an uncaught error, a CSP violation or a hydration error.
// A test that signs out, or demotes or disables someone, must sign in a user of its own: the
// shared sessions serve the rest of the worker's tests.
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Browser, type Page } from "./browser-test";
import { startMailSink, type MailSink } from "../tests/helpers/mail-sink";
import { startAppServer, type AppServer } from "./app-server";
import { ADMIN_EMAIL, setAppOrigin, signInWithGoogle } from "./helpers";
import { anyOf } from "@/lib/any-of";

export type Role = "admin" | "user";

/** The ordinary staff member each worker signs in as `role: "user"`. */
export const STAFF = { displayName: "Sam Staff", email: (workerIndex: number) => `staff-w${workerIndex}@example.com` };
export const ADMIN = { displayName: "Ada Admin", email: ADMIN_EMAIL };
/** The api_rate_limit setting on every worker's server (see authStates). */
export const E2E_RATE_LIMIT = 100_000;

const APP_BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 10;
/** Each worker's SMTP test server (`mailSink`), which its app server sends through. */
const SMTP_BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3199);

interface WorkerFixtures {
  app: AppServer;
  /** The messages this worker's app server sent (a real SMTP server on loopback). */
  mailSink: MailSink;
  authStates: Record<Role, string>;
  staffEmail: string;
}

interface TestFixtures {
  role: Role | null;
  adminApi: APIRequestContext;
  userApi: APIRequestContext;
}

/** Browser messages that fail a test: a CSP refusal or a hydration mismatch. */
const FATAL_CONSOLE = anyOf(
  [
    /Content Security Policy/,
    /Refused to (load|execute|apply|connect|frame)/,
    /Hydration failed/,
    /hydration mismatch/,
    /didn't match the client/,
  ],
  "i",
);

/** Collects what went wrong in a page; checked when the test ends. */
export function watchPage(page: Page, problems: string[]) {
  page.on("pageerror", (error) => problems.push(`uncaught error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && FATAL_CONSOLE.test(message.text()))
      problems.push(`console error: ${message.text()}`);
  });
}

async function signInAndSave(
  browser: Browser,
  app: AppServer,
  who: { email: string; displayName: string },
  file: string,
) {
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  await signInWithGoogle(page, who.email, who.displayName);
  await expect(page, `signing in ${who.email}`).toHaveURL(/\/dashboard\/overview$/);
  await context.storageState({ path: file });
  await context.close();
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  mailSink: [
    async ({}, use, workerInfo) => {
      const sink = await startMailSink(SMTP_BASE_PORT + workerInfo.parallelIndex);
      await use(sink);
      await sink.stop();
    },
    { scope: "worker" },
  ],

  app: [
    async ({ mailSink }, use, workerInfo) => {
      const server = await startAppServer({
        port: APP_BASE_PORT + workerInfo.parallelIndex,
        env: {
          SMTP_URL: mailSink.url,
          MAIL_FROM: "Batch 2000 Raffle <raffle@example.org>",
          SMTP_TIMEOUT_MS: "5000",
          AUTH_GOOGLE_ID: "e2e-google-client",
          AUTH_GOOGLE_SECRET: "e2e-google-secret",
          AUTH_GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
          AUTH_DEV_LOGIN: "false",
        },
      });
      setAppOrigin(server.url);
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],

  staffEmail: [async ({}, use, workerInfo) => use(STAFF.email(workerInfo.parallelIndex)), { scope: "worker" }],

  authStates: [
    async ({ app, browser, staffEmail, playwright }, use, workerInfo) => {
      const dir = workerInfo.project.outputDir;
      const states = {
        admin: path.join(dir, `.auth-admin-w${workerInfo.parallelIndex}.json`),
        user: path.join(dir, `.auth-user-w${workerInfo.parallelIndex}.json`),
      };
      await signInAndSave(browser, app, ADMIN, states.admin);
      const admin = await playwright.request.newContext({
        baseURL: app.url,
        storageState: states.admin,
        extraHTTPHeaders: { Origin: app.url },
      });
      const added = await admin.post("/api/auth/add-user", {
        data: { email: staffEmail, displayName: STAFF.displayName, isAdmin: false },
      });
      expect(added.status(), await added.text()).toBeLessThan(300);
      // A worker's tests share one admin and one user and do in seconds what people do in an
      // hour: lift the api_rate_limit setting for this worker's server (the limit itself is
      // tested in tests/integration/rate-limit.test.ts). Tests that change it restore this.
      const lifted = await admin.put("/api/settings", { data: { api_rate_limit: E2E_RATE_LIMIT } });
      expect(lifted.status(), await lifted.text()).toBe(200);
      await admin.dispose();
      await signInAndSave(browser, app, { email: staffEmail, displayName: STAFF.displayName }, states.user);
      await use(states);
    },
    { scope: "worker", timeout: 60_000 },
  ],

  baseURL: async ({ app }, use) => use(app.url),

  role: [null, { option: true }],

  storageState: async ({ role, authStates }, use) => {
    await use(role ? authStates[role] : { cookies: [], origins: [] });
  },

  adminApi: async ({ app, authStates, playwright }, use) => {
    const context = await playwright.request.newContext({
      baseURL: app.url,
      storageState: authStates.admin,
      extraHTTPHeaders: { Origin: app.url },
    });
    await use(context);
    await context.dispose();
  },

  userApi: async ({ app, authStates, playwright }, use) => {
    const context = await playwright.request.newContext({
      baseURL: app.url,
      storageState: authStates.user,
      extraHTTPHeaders: { Origin: app.url },
    });
    await use(context);
    await context.dispose();
  },

  page: async ({ page }, use) => {
    const problems: string[] = [];
    watchPage(page, problems);
    await use(page);
    expect(problems, "errors in the browser").toEqual([]);
  },
});

export { expect };
