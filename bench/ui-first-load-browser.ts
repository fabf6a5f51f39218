// The JavaScript a browser really fetches on a first, uncached load of each dashboard screen,
// signed in as an administrator, with no action taken: the entry chunks Next reports
// (bench/ui-first-load.ts) plus whatever loads after hydration by itself (the chart drawings of
// decision 172, a tab chosen by the URL). Sizes are the bytes on the wire (Next's server
// compresses with gzip), summed over every script response until the network is idle and one
// more second has passed. A fresh browser context per screen: nothing cached.
import { chromium } from "@playwright/test";
import { dashboardRoutes } from "./ui-first-load";

export interface BrowserFirstLoad {
  route: string;
  /** Gzipped bytes of every script fetched, in kB. */
  transferredKb: number;
  scripts: number;
}

export async function browserFirstLoadJs(
  origin: string,
  cookie: { name: string; value: string },
  routes = dashboardRoutes(),
): Promise<BrowserFirstLoad[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const results: BrowserFirstLoad[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
      const page = await context.newPage();
      const sizes: Promise<number>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() === "script") sizes.push(request.sizes().then((s) => s.responseBodySize));
      });
      const response = await page.goto(route, { waitUntil: "networkidle" });
      // `/dashboard` itself leads to the overview; any other screen must be shown where it was asked.
      const at = new URL(page.url()).pathname;
      if (!response?.ok() || (at !== route && route !== "/dashboard"))
        throw new Error(`${route}: not shown to the administrator (status ${response?.status()}, at ${page.url()})`);
      await page.waitForTimeout(1000);
      await page.waitForLoadState("networkidle");
      const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      results.push({ route, transferredKb: Math.round((bytes / 1024) * 10) / 10, scripts: sizes.length });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results.sort((a, b) => b.transferredKb - a.transferredKb);
}
