import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 A/AA: `wcag22aa` is what makes axe run `target-size` (2.5.8); without it axe skips it. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

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
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
  expect(found, `axe violations (WCAG 2.2 AA, every impact)${options.label ? ` in ${options.label}` : ""}`).toEqual([]);
}
