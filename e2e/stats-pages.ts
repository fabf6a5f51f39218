// Helpers for the statistics screens' specs (overview, analytics, user sales).
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** GET through an API context, expecting 200, returning the JSON. */
export async function getJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** The stat card titled `title`. */
export function statCard(page: Page, title: string): Locator {
  return page.getByRole("group", { name: title, exact: true });
}

/** The figure shown on the stat card titled `title`. */
export function statValue(page: Page, title: string): Locator {
  return statCard(page, title).getByTestId("stat-value");
}

/** Nothing on the page is wider than the viewport (the 375 px layout has no sideways scrolling). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, "page width").toBeLessThanOrEqual(width);
}

/** A chart card drew its SVG inside its fixed-height box and carries a text alternative. */
export async function expectChartDrawn(card: Locator, caption: string | RegExp) {
  await expect(card.getByTestId("chart-box").locator("svg.recharts-surface").first()).toBeVisible();
  const box = await card.getByTestId("chart-box").boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(200);
  await expect(card.locator("table caption")).toHaveText(caption);
}

/** ₱1,234.50, as the screens format amounts. */
export const peso = (n: number) =>
  `₱${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const count = (n: number) => n.toLocaleString("en-US");

/**
 * What the statistics specs scan with axe: the screen itself. The dashboard shell around it (sidebar,
 * account menu) is the shell's to test; its findings are reported to its owner, not hidden here.
 */
export const SCREEN = "main";
