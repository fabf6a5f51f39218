import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import { expect, test, type Page } from "@playwright/test";

/** WCAG 2.2 A/AA: `wcag22aa` is what makes axe run `target-size` (2.5.8); without it axe skips it. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core's own build, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core in the page itself: injected once per document, then `axe.run` on the document (or
 * the included part), asking only for violations. @axe-core/playwright's `analyze()` did the same
 * scan at about twice the cost (docs/testing.md, session 14): it injects axe again on every call,
 * runs it frame by frame and finishes in a new blank page, and returns every passed and
 * inapplicable rule with its nodes. The app has no frames, so a run of the top document is the
 * whole scan.
 */
async function runAxe(page: Page, include: string | undefined) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ([selector, tags]) => {
      const { axe } = window as unknown as {
        axe: {
          run(context: unknown, o: RunOptions): Promise<AxeResults>;
          getRules(tags: string[]): { ruleId: string; tags: string[] }[];
        };
      };
      // The page as laid out, all but the theme (the `dark` class and colour-scheme style on <html>):
      // the viewport's size and scale, <html>'s other attributes, and the body's markup.
      const root = document.documentElement;
      const markup = [`${innerWidth}x${innerHeight}@${devicePixelRatio}`]
        .concat(
          [...root.attributes]
            .filter((a) => a.name !== "class" && a.name !== "style")
            .map((a) => `${a.name}=${a.value}`),
        )
        .concat(document.body.outerHTML)
        .join("\n");
      const theme = root.classList.contains("dark") ? "dark" : "light";
      const memo = window as unknown as { __axeFullScan?: { markup: string; theme: string; selector?: string } };
      const last = memo.__axeFullScan;
      // The same markup scanned whole in the other theme: only the rules that read colours can find
      // anything new (a theme changes colours only: components/theme-colours-only.test.ts).
      const coloursOnly = last?.markup === markup && last.selector === selector && last.theme !== theme;
      const runOnly: RunOptions["runOnly"] = coloursOnly
        ? {
            type: "rule",
            values: axe
              .getRules(tags)
              .filter((r) => r.tags.includes("cat.color"))
              .map((r) => r.ruleId),
          }
        : { type: "tag", values: tags };
      const results = await axe.run(selector ? { include: [[selector]] } : document, {
        runOnly,
        resultTypes: ["violations"],
      });
      if (!coloursOnly) memo.__axeFullScan = { markup, theme, selector };
      return { violations: results.violations, coloursOnly };
    },
    [include, WCAG_22_AA] as const,
  );
}

/**
 * axe on the page as it is now (a screen, or a screen with a dialog open), issue 26's scan:
 * WCAG 2.2 A/AA at every impact level (minor included), on every spec (docs/a11y-checklist.md).
 * `include` narrows the scan to a selector (a dialog).
 *
 * A scan of markup that a scan before it in the same document passed whole, in the other theme,
 * runs only the rules that read colours (`color-contrast`, `link-in-text-block`): the theme
 * changes colours and nothing else (components/theme-colours-only.test.ts keeps it so), so every
 * other rule would give the same answer on the same markup. Any other change to the page (a
 * dialog, a row, an attribute, the viewport, another `include`) gets the whole scan again
 * (decision 292).
 */
export async function expectNoA11yViolations(page: Page, options: { include?: string; label?: string } = {}) {
  // Let enter animations finish (dialogs, toasts, the sidebar's items, staggered 0.1 s each), or
  // colour contrast is measured mid-fade. Two frames first, so that what the last change started
  // (a staggered item waits in its delay, but exists) is listed; endless ones (spinners) are not
  // waited for; 3 s at most. No fixed sleep. (The suite asks for reduced motion, decision 280, so
  // these end at once; the wait is for a test that turns motion back on.)
  await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });
  // A step of its own, so a report shows each scan's time (`--reporter=json`: the suite's axe cost).
  const { violations, coloursOnly } = await test.step(`axe${options.label ? `: ${options.label}` : ""}`, () =>
    runAxe(page, options.include));
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
  // Said in the report, so a run shows which scans were the colour pass.
  if (coloursOnly) test.info().annotations.push({ type: "axe: colour rules only", description: options.label ?? "" });
  const scope = coloursOnly
    ? "the colour rules of WCAG 2.2 AA, its markup passed every rule in the other theme"
    : "WCAG 2.2 AA, every impact";
  expect(found, `axe violations (${scope})${options.label ? ` in ${options.label}` : ""}`).toEqual([]);
}
