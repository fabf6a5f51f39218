// Playwright's `test` for every spec, whether it signs in through e2e/fixtures.ts or starts a server
// of its own: each page any context opens (the test's, a second tab, a phone's context from
// `browser.newContext`) navigates with `gotoRevealed`.
import { readFileSync } from "node:fs";
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from "@playwright/test";

/**
 * `page.goto`, `reload`, `goBack` and `goForward` that return once React has revealed every part
 * of the page it streamed. Until then a streamed part waits in a hidden `<div id="S:n">` beside
 * what it replaces, so a screen's form or pager is in the DOM twice for a moment, and a strict
 * locator (getByLabel, getByTestId) meets both: with no animation to wait for (decision 280) the
 * suite's first steps came that early, and the headless shell (decision 284) comes earlier still.
 */
const revealing = new WeakSet<Page>();
export function gotoRevealed(page: Page) {
  if (revealing.has(page)) return;
  revealing.add(page);
  for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await page.waitForFunction(() => !document.querySelector('div[hidden][id^="S:"], template[id^="B:"]'));
      return response;
    };
  }
}

const patched = new WeakSet<Browser>();
function revealEveryPage(browser: Browser) {
  if (patched.has(browser)) return;
  patched.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    context.on("page", gotoRevealed);
    return context;
  };
}

/**
 * Context-level changes a test can make that the reset between tests does not undo: a test that
 * calls any of these leaves its context to be closed, not reused.
 */
const LASTING_CHANGES = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "grantPermissions",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "setExtraHTTPHeaders",
  "setGeolocation",
  "setHTTPCredentials",
  "setOffline",
  "setStorageState",
  "newCDPSession",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
  "on",
  "once",
  "addListener",
  "prependListener",
] as const;

/** What an origin stores, cleared between tests (cookies are replaced whole); the HTTP cache stays. */
const ORIGIN_STORAGE =
  "local_storage,indexeddb,service_workers,cache_storage,file_systems,websql,shared_storage,storage_buckets";

interface SharedContext {
  context: BrowserContext;
  /** A test changed something the reset cannot undo (LASTING_CHANGES, the clock) or closed it. */
  spoilt: boolean;
  /** Every origin its pages have shown, whose storage the next test must not see. */
  origins: Set<string>;
  /** The context's own `newCDPSession`, for the reset (a test's call marks the context spoilt). */
  newCDPSession: BrowserContext["newCDPSession"];
}

/** Marks `shared` spoilt when the test calls any of `names` on `target`. */
function spoilOnCall(shared: SharedContext, target: object, names: readonly string[]) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = (methods[name] as (...args: unknown[]) => unknown).bind(target);
    methods[name] = (...args: unknown[]) => {
      shared.spoilt = true;
      return original(...args);
    };
  }
}

/** Marks `shared` spoilt when the test calls what would outlast it. */
function watchLastingChanges(shared: SharedContext) {
  spoilOnCall(shared, shared.context, LASTING_CHANGES);
  // `page.clock` is the context's clock: a fake time installed in one test would stay.
  const clock = shared.context.clock;
  const clockMethods = Object.getOwnPropertyNames(Object.getPrototypeOf(clock)).filter(
    (name) => name !== "constructor" && typeof (clock as unknown as Record<string, unknown>)[name] === "function",
  );
  spoilOnCall(shared, clock, clockMethods);
}

function cookiesOf(storageState: unknown): Parameters<BrowserContext["addCookies"]>[0] | undefined {
  if (storageState === undefined) return [];
  const state = (typeof storageState === "string" ? JSON.parse(readFileSync(storageState, "utf8")) : storageState) as {
    cookies?: Parameters<BrowserContext["addCookies"]>[0];
    origins?: unknown[];
  };
  // Local storage in a saved state would need a page of that origin to write it: such a test gets a
  // fresh context (none does today; the sign-ins save cookies only).
  if (state.origins?.length) return undefined;
  return state.cookies ?? [];
}

/**
 * The options Playwright makes every context of the test with (the config's, the spec's
 * `test.use`), a fixture of its own that its typings leave out.
 */
const withContextOptions = base as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { _combinedContextOptions: BrowserContextOptions },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

export const test = withContextOptions.extend<
  { freshContext: boolean },
  { sharedContexts: Map<string, SharedContext> }
>({
  browser: [
    async ({ browser }, use) => {
      revealEveryPage(browser);
      await use(browser);
    },
    { scope: "worker" },
  ],

  /** `test.use({ freshContext: true })`: this test's page opens in a browser context of its own. */
  freshContext: [false, { option: true }],

  sharedContexts: [
    async ({}, use) => {
      const contexts = new Map<string, SharedContext>();
      await use(contexts);
      for (const { context } of contexts.values()) await context.close().catch(() => undefined);
    },
    { scope: "worker" },
  ],

  /**
   * One browser context per worker for each set of context options (the role's sign-in, the base
   * URL, the viewport...), reused by the tests that ask for the same: each test starts with the
   * context's cookies replaced by its own storage state, every origin's storage cleared, and no
   * page open, but with the HTTP cache (and the compiled code it keeps) of the tests before it. A
   * fresh context per test cost a quarter of a page load's CPU more, paid by nearly every test
   * (docs/testing.md, session 20; decision 292). A test gets a fresh context when it asks
   * (`freshContext`), when it is a retry (its trace then covers the whole context), or when its
   * storage state holds local storage; and its context is closed, not reused, when it failed, when
   * it changed what the reset cannot undo (LASTING_CHANGES, the clock) or closed the context.
   */
  context: async ({ browser, freshContext, sharedContexts, storageState, _combinedContextOptions }, use, testInfo) => {
    const cookies = cookiesOf(storageState);
    if (freshContext || testInfo.retry > 0 || cookies === undefined) {
      const context = await browser.newContext();
      await use(context);
      await context.close();
      return;
    }
    const key = JSON.stringify({ ..._combinedContextOptions, storageState: undefined });
    let shared = sharedContexts.get(key);
    if (shared) {
      if (shared.origins.size) {
        const blank = await shared.context.newPage();
        const session = await shared.newCDPSession(blank);
        for (const origin of shared.origins)
          await session.send("Storage.clearDataForOrigin", { origin, storageTypes: ORIGIN_STORAGE });
        await session.detach();
        await blank.close();
        shared.origins.clear();
      }
      await shared.context.clearCookies();
      if (cookies.length) await shared.context.addCookies(cookies);
    } else {
      const context = await browser.newContext();
      shared = { context, spoilt: false, origins: new Set(), newCDPSession: context.newCDPSession.bind(context) };
      const origins = shared.origins;
      context.on("page", (page) =>
        page.on("framenavigated", (frame) => {
          const origin = URL.canParse(frame.url()) ? new URL(frame.url()).origin : "null";
          if (origin !== "null") origins.add(origin);
        }),
      );
      const entry = shared;
      context.on("close", () => (entry.spoilt = true));
      watchLastingChanges(shared);
      sharedContexts.set(key, shared);
    }
    await use(shared.context);
    if (shared.spoilt || testInfo.status !== testInfo.expectedStatus) {
      sharedContexts.delete(key);
      await shared.context.close().catch(() => undefined);
    } else {
      for (const page of shared.context.pages()) await page.close();
    }
  },
});

export { expect };
export type {
  APIRequestContext,
  Browser,
  BrowserContext,
  Locator,
  Page,
  PlaywrightWorkerArgs,
  Route,
  TestInfo,
} from "@playwright/test";
