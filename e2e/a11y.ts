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
  const options: RunOptions = { runOnly: { type: "tag", values: WCAG_22_AA }, resultTypes: ["violations"] };
  return page.evaluate(
    ([selector, runOptions]) => {
      const { axe } = window as unknown as { axe: { run(context: unknown, o: unknown): Promise<AxeResults> } };
      return axe.run(selector ? { include: [[selector]] } : document, runOptions);
    },
    [include, options] as const,
  );
}

/**
 * axe on the page as it is now (a screen, or a screen with a dialog open), issue 26's scan:
 * WCAG 2.2 A/AA at every impact level (minor included), on every spec (docs/a11y-checklist.md).
 * `include` narrows the scan to a selector (a dialog).
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
  const { violations } = await test.step(`axe${options.label ? `: ${options.label}` : ""}`, () =>
    runAxe(page, options.include));
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
  expect(found, `axe violations (WCAG 2.2 AA, every impact)${options.label ? ` in ${options.label}` : ""}`).toEqual([]);
}
