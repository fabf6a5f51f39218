// axe-core's rules that need no layout, on a component rendered in the DOM: names, roles, ARIA
// states, labels, landmarks' contents. What needs layout (colour contrast, target size, reflow)
// is only a browser's to measure and stays in e2e (e2e/a11y.ts scans every screen for it).
import { act } from "@testing-library/react";
import axe, { type AxeResults } from "axe-core";

/** WCAG 2.2 A/AA, as e2e/a11y.ts asks, less the rules that measure boxes and colours. */
const LAYOUT_RULES = [
  "color-contrast",
  "color-contrast-enhanced",
  "target-size",
  "link-in-text-block",
  "scrollable-region-focusable",
  "region",
];

export async function expectNoStructuralA11yViolations(container: Element, label: string) {
  // Inside act: answers that arrive while axe walks the tree (a filter list) update the screen as React expects.
  let results: AxeResults | undefined;
  await act(async () => {
    results = await axe.run(container, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: Object.fromEntries(LAYOUT_RULES.map((id) => [id, { enabled: false }])),
      resultTypes: ["violations"],
    });
  });
  const violations = results!.violations;
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
  if (found.length)
    throw new Error(`axe violations without layout (WCAG 2.2 AA, every impact) in ${label}:\n${found.join("\n")}`);
}
