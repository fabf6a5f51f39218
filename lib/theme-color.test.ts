import { describe, expect, it } from "vitest";
import { contrastRatio, primaryColorVariables, primaryPalette, relativeLuminance } from "@/lib/theme-color";

const ratio = (a: string, b: string) => contrastRatio(relativeLuminance(a), relativeLuminance(b));

describe("primaryPalette", () => {
  it.each(["#667eea", "#ffff00", "#00ff00", "#000000", "#ffffff", "#e11d48", "#0ea5e9", "#808080"])(
    "keeps %s readable in both themes",
    (color) => {
      const p = primaryPalette(color);
      expect(ratio(p.light.primary, "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(ratio(p.light.primary, "#e4e4ee")).toBeGreaterThanOrEqual(4.5);
      expect(ratio(p.light.primary, p.light.foreground)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(p.dark.primary, "#1b1b22")).toBeGreaterThanOrEqual(4.5);
      expect(ratio(p.dark.primary, "#3a3a4a")).toBeGreaterThanOrEqual(4.5);
      expect(ratio(p.dark.primary, p.dark.foreground)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("keeps a colour that already passes as it is", () => {
    expect(primaryPalette("#1e3a8a").light.primary).toBe("#1e3a8a");
    expect(primaryPalette("#fde68a").dark.primary).toBe("#fde68a");
  });

  it("moves an unreadable colour only as far as needed, keeping its hue", () => {
    const light = primaryPalette("#667eea").light.primary;
    expect(light).not.toBe("#667eea");
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(light.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
  });

  it("falls back to the default colour for anything that is not #rrggbb", () => {
    expect(primaryPalette("red")).toEqual(primaryPalette("#667eea"));
  });
});

describe("primaryColorVariables", () => {
  it("names the four variables app/globals.css reads", () => {
    expect(Object.keys(primaryColorVariables("#667eea"))).toEqual([
      "--brand-primary",
      "--brand-primary-foreground",
      "--brand-primary-dark",
      "--brand-primary-dark-foreground",
    ]);
  });
});
