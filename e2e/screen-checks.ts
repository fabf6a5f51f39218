// Checks every screen of the journey runs (issue 38 items 6 and 8): one time format, and tables
// that fit. Shared by e2e/journey.spec.ts and e2e/demo-screens.spec.ts.
import { expect, type Page } from "@playwright/test";

/** No ISO timestamp and no US-style date anywhere on the page (one time format, issue 38 item 6). */
export async function expectOneTimeFormat(page: Page, label: string) {
  const text = await page.locator("body").innerText();
  expect(text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^\s]*/g), `${label}: an ISO timestamp`).toBeNull();
  expect(text.match(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g), `${label}: a US date`).toBeNull();
  // An hour range (the Peak Hour "11:00 PM - 12:00 AM" or "12:00 AM - 1:00 AM") names midnight on purpose.
  const hourRange = /\b\d{1,2}:00 [AP]M - \d{1,2}:00 [AP]M\b/g;
  expect(
    text.replace(hourRange, "").match(/\b12:00 AM\b/g),
    `${label}: a date shown with a made-up midnight`,
  ).toBeNull();
}

/**
 * No table or card wider than its container (a table in a scroll box hides its last columns
 * behind a sideways scroll), no cell whose text is cut off, and no sideways scroll of the page
 * (issue 38 item 8). Only what is rendered counts: a hidden table (a phone's cards instead) does not.
 */
export async function expectTablesFit(page: Page, label: string) {
  const problems = await page.evaluate(() => {
    // Rendered for the eye: a chart's table for screen readers sits in a 1 px .sr-only box on purpose.
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null && !el.closest(".sr-only");
    const nameOf = (t: Element) =>
      t.getAttribute("aria-label") ??
      t.closest("[data-testid]")?.getAttribute("data-testid") ??
      t.querySelector("th")?.textContent ??
      t.tagName;
    const out: string[] = [];
    for (const t of document.querySelectorAll("table")) {
      if (!visible(t)) continue;
      const box = (t.parentElement ?? t).clientWidth;
      const width = t.getBoundingClientRect().width;
      if (width > box + 1) out.push(`table "${nameOf(t)}" is ${Math.round(width)} px in a ${box} px box`);
      // A sticky column (the row actions) must not lie over another cell: text under it is hidden
      // though nothing overflows (a settlement's reason under Undo, decision 243).
      for (const row of t.querySelectorAll("tr")) {
        const cells = [...row.children] as HTMLElement[];
        for (const sticky of cells.filter((c) => getComputedStyle(c).position === "sticky")) {
          const left = sticky.getBoundingClientRect().left;
          for (const other of cells) {
            if (other === sticky || getComputedStyle(other).position === "sticky") continue;
            const r = other.getBoundingClientRect();
            if (r.left < left && r.right > left + 1)
              out.push(`a cell of "${nameOf(t)}" lies under its sticky column: "${other.innerText.slice(0, 40)}"`);
          }
        }
      }
      for (const cell of t.querySelectorAll("th, td")) {
        const el = cell as HTMLElement;
        const style = getComputedStyle(el);
        if (style.overflow !== "visible" && el.scrollWidth > el.clientWidth + 1)
          out.push(`a cell of "${nameOf(t)}" is cut off: "${el.innerText.slice(0, 40)}"`);
      }
    }
    for (const card of document.querySelectorAll("[data-slot='card']")) {
      if (!visible(card)) continue;
      const parent = card.parentElement;
      if (parent && card.getBoundingClientRect().width > parent.clientWidth + 1)
        out.push(`a card "${(card as HTMLElement).innerText.slice(0, 30)}" is wider than its container`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px in ${window.innerWidth})`);
    return out;
  });
  expect(problems, `${label}: what does not fit`).toEqual([]);
}
