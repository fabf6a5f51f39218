// Playwright's `test` for every spec, whether it signs in through e2e/fixtures.ts or starts a server
// of its own: each page any context opens (the test's, a second tab, a phone's context from
// `browser.newContext`) navigates with `gotoRevealed`.
import { test as base, expect, type Browser, type Page } from "@playwright/test";

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

export const test = base.extend({
  browser: [
    async ({ browser }, use) => {
      revealEveryPage(browser);
      await use(browser);
    },
    { scope: "worker" },
  ],
  // The test's own page is the context's first "page" event.
  context: async ({ context }, use) => {
    context.on("page", gotoRevealed);
    await use(context);
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
