import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe on the page as it is now (a screen, or a screen with a dialog open). `strict` is issue 26's
 * scan: WCAG 2.2 A/AA (`wcag22aa` is what runs `target-size`) at every impact level; the specs
 * whose screens have been brought to it pass `strict: true`, the others are held to WCAG 2.1
 * A/AA, serious and critical, until theirs are (docs/a11y-checklist.md lists which).
 * `include` narrows the scan to a selector (a dialog).
 */
export async function expectNoA11yViolations(page: Page, options: { include?: string; label?: string; strict?: boolean } = {}) {
  // Let enter animations finish (dialogs, toasts, the sidebar's items, staggered 0.1 s each), or
  // colour contrast is measured mid-fade. Endless ones (spinners) are not waited for; 3 s at most.
  await page.waitForTimeout(250);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", ...(options.strict ? ["wcag22aa"] : [])];
  let builder = new AxeBuilder({ page }).withTags(tags);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const found = violations
    .filter((v) => options.strict || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(" | ")}`);
  expect(found, `axe violations (${options.strict ? "WCAG 2.2 AA, every impact" : "WCAG 2.1 AA, serious or critical"})${options.label ? ` in ${options.label}` : ""}`).toEqual([]);
}
