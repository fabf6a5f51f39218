// Less motion for people who ask for it (decision 280): with prefers-reduced-motion: reduce nothing
// loops and nothing fades (the skeletons' pulse, spinners, dialogs' and toasts' entrances end at
// once), and without it they move as designed. The rest of the suite runs with "reduce"
// (playwright.config.ts), so this file is where the designed motion is seen.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The animations of a pulsing skeleton, a spinner and a dialog-style entrance, as the browser runs them. */
async function motionOf(page: Page) {
  return page.evaluate(async () => {
    const host = document.createElement("div");
    host.innerHTML =
      '<div data-m="pulse" class="animate-pulse">a</div>' +
      '<div data-m="spin" class="animate-spin">b</div>' +
      '<div data-m="enter" class="animate-in fade-in-0 zoom-in-95">c</div>';
    document.body.append(host);
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const of = (name: string) => {
      const element = host.querySelector(`[data-m="${name}"]`)!;
      return {
        running: element.getAnimations().map((a) => a.effect?.getComputedTiming().endTime ?? null),
        duration: getComputedStyle(element).animationDuration,
      };
    };
    const result = { pulse: of("pulse"), spin: of("spin"), enter: of("enter") };
    host.remove();
    return result;
  });
}

test("with prefers-reduced-motion: reduce nothing loops or fades", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByText("Authorized User Access")).toBeVisible();
  const motion = await motionOf(page);
  // Each animation, if the browser still lists it, ends within 0.01 ms: nothing loops, nothing fades.
  for (const { running, duration } of [motion.pulse, motion.spin, motion.enter]) {
    for (const endTime of running) expect(endTime).toBeLessThanOrEqual(0.01);
    expect(duration).toBe("1e-05s");
  }
});

test.describe("without a motion preference", () => {
  test.use({ reducedMotion: "no-preference" });

  test("the skeletons pulse, spinners turn and entrances fade, as designed", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByText("Authorized User Access")).toBeVisible();
    const motion = await motionOf(page);
    expect(motion.pulse.running).toEqual([Infinity]);
    expect(motion.spin.running).toEqual([Infinity]);
    expect(motion.enter.running).toHaveLength(1);
    expect(motion.enter.running[0]).toBeGreaterThan(0);
  });
});
