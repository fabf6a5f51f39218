// Every screen's axe scan goes through e2e/a11y.ts: if the helper stopped looking (the wcag22aa
// tag dropped, an impact filtered out again), every axe check in the suite would pass unseen.
// These pages are built in the browser, so no app server is needed: plain Playwright, not ./fixtures.
import { expect, test } from "./browser-test";
import { expectNoA11yViolations } from "./a11y";

const page = (body: string, htmlAttributes = 'lang="en"') =>
  `<!doctype html><html ${htmlAttributes}><head><title>axe ` +
  `helper</title></head><body><main><h1>Helper</h1>${body}</main></body></html>`;
/** Two 16 × 16 px buttons side by side: under WCAG 2.2's 24 px minimum (2.5.8), nothing else wrong. */
const SMALL_TARGETS =
  '<button style="width:16px;height:16px;padding:0;margin:0;border:0">a</button><button ' +
  'style="width:16px;height:16px;padding:0;margin:0;border:0">b</button>';

test("fails on a target under 24 px, which only WCAG 2.2's tag makes axe check", async ({ page: tab }) => {
  await tab.setContent(page(SMALL_TARGETS));
  await expect(expectNoA11yViolations(tab)).rejects.toThrow(/target-size \(serious\)/);
});

test("fails on a moderate violation, not only serious and critical ones", async ({ page: tab }) => {
  await tab.setContent(page("<p>Text</p>", 'lang="en" xml:lang="fr"'));
  await expect(expectNoA11yViolations(tab)).rejects.toThrow(/html-xml-lang-mismatch \(moderate\)/);
});

test("passes a page with nothing wrong, and scans only what include names", async ({ page: tab }) => {
  await tab.setContent(
    page(
      `<section id="fine"><button style="width:44px;height:44px">OK</button></section><div ` +
        `id="bad">${SMALL_TARGETS}</div>`,
    ),
  );
  await expectNoA11yViolations(tab, { include: "#fine" });
  await expect(expectNoA11yViolations(tab, { include: "#bad" })).rejects.toThrow(/target-size/);
});

/** A paragraph whose dark colours fail contrast (about 1.7:1); its light ones pass. */
const DARK_ONLY_LOW_CONTRAST =
  "<style>p{color:#111;background:#fff} html.dark p{color:#555;background:#333}</style><p>Some words</p>";

test("in the other theme the same markup is scanned for colours, which still fail", async ({ page: tab }, testInfo) => {
  await tab.setContent(page(DARK_ONLY_LOW_CONTRAST));
  await expectNoA11yViolations(tab, { label: "light" });
  await tab.evaluate(() => document.documentElement.classList.add("dark"));
  await expect(expectNoA11yViolations(tab, { label: "dark" })).rejects.toThrow(/color-contrast \(serious\)/);
  expect(testInfo.annotations).toContainEqual({ type: "axe: colour rules only", description: "dark" });
});

test("in the other theme, changed markup gets every rule again", async ({ page: tab }, testInfo) => {
  await tab.setContent(page("<p>Fine</p>"));
  await expectNoA11yViolations(tab, { label: "light" });
  await tab.evaluate((small) => {
    document.documentElement.classList.add("dark");
    document.querySelector("main")!.insertAdjacentHTML("beforeend", small);
  }, SMALL_TARGETS);
  await expect(expectNoA11yViolations(tab, { label: "dark" })).rejects.toThrow(/target-size \(serious\)/);
  expect(testInfo.annotations).toEqual([]);
});

test("in the other theme at another width, every rule runs again", async ({ page: tab }, testInfo) => {
  await tab.setContent(page("<p>Fine</p>"));
  await expectNoA11yViolations(tab, { label: "light" });
  await tab.evaluate(() => document.documentElement.classList.add("dark"));
  await tab.setViewportSize({ width: 375, height: 740 });
  await expectNoA11yViolations(tab, { label: "dark, narrow" });
  expect(testInfo.annotations).toEqual([]);
});
