// The dark theme changes colours and nothing else. The e2e axe helper relies on it (e2e/a11y.ts,
// decision 292): a page scanned whole in one theme is scanned in the other for the colour rules
// only, since on the same markup every other rule (names, roles, sizes, layout) gives the same
// answer. A `dark:` variant that hid, moved or resized something would break that, so this test
// refuses one: every `dark:` utility in the app's source sets a colour, and every CSS rule for the
// dark theme sets custom properties (the palette) or `color-scheme`.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

function sourceFiles(dir: string, extensions: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Tailwind's colour utilities: a property that takes a colour, then a palette name or an arbitrary colour. */
const COLOUR_UTILITY = new RegExp(
  "^(text|bg|border(-[trblxy])?|ring|ring-offset|outline|divide|from|via|to|fill|stroke|shadow|decoration|" +
    "placeholder|caret|accent)-" +
    "(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|" +
    "violet|purple|fuchsia|pink|rose|black|white|transparent|current|inherit|background|foreground|card|" +
    "popover|primary|secondary|muted|accent|destructive|border|input|ring|sidebar|success|warning|chart)" +
    "(-[a-z0-9-]+)?(\\/\\d+)?$",
);

/** The utility a `dark:` class sets: after the variants that follow `dark:` (hover:, data-[state=on]:). */
function darkUtilities(source: string): string[] {
  return [
    ...source.matchAll(/(?<![\w-])dark:((?:[\w-]+(?:\[[^\]\s]*\])?:)*)(!?-?[\w-]+(?:\[[^\]\s]*\])?(?:\/\d+)?)/g),
  ].map((match) => match[2]);
}

/** Each CSS rule whose selector names the `dark` class, with its declarations' property names. */
function darkRules(css: string): { selector: string; properties: string[] }[] {
  return [...css.matchAll(/([^{};]*\.dark\b[^{};]*)\{([^{}]*)\}/g)].map((match) => ({
    selector: match[1].trim(),
    properties: match[2]
      .split(";")
      .map((declaration) => declaration.split(":")[0].trim())
      .filter(Boolean),
  }));
}

describe("the dark theme changes colours only", () => {
  it("reads the utilities and rules it checks", () => {
    expect(darkUtilities('className="p-2 dark:bg-zinc-200 dark:hover:text-red-300/80 dark:hidden"')).toEqual([
      "bg-zinc-200",
      "text-red-300/80",
      "hidden",
    ]);
    expect(darkRules(".dark { --card: red; --x: 1 } html.dark { color-scheme: dark; }")).toEqual([
      { selector: ".dark", properties: ["--card", "--x"] },
      { selector: "html.dark", properties: ["color-scheme"] },
    ]);
    expect(["bg-zinc-200", "text-red-300/80", "shadow-black/40"].every((u) => COLOUR_UTILITY.test(u))).toBe(true);
    expect(["hidden", "text-sm", "border-2", "p-2", "shadow-lg"].some((u) => COLOUR_UTILITY.test(u))).toBe(false);
  });

  it("every dark: utility in components/ and app/ sets a colour", () => {
    const found = sourceFiles("components", /\.tsx?$/)
      .concat(sourceFiles("app", /\.tsx?$/))
      .flatMap((file) =>
        darkUtilities(readFileSync(file, "utf8")).map((utility) => `${path.relative(ROOT, file)}: dark:${utility}`),
      );
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((entry) => !COLOUR_UTILITY.test(entry.split("dark:").pop()!))).toEqual([]);
  });

  it("every CSS rule for the dark theme sets the palette or color-scheme", () => {
    const rules = sourceFiles("app", /\.css$/).flatMap((file) => darkRules(readFileSync(file, "utf8")));
    expect(rules.length).toBeGreaterThan(0);
    const other = rules.flatMap(({ selector, properties }) =>
      properties.filter((p) => !p.startsWith("--") && p !== "color-scheme").map((p) => `${selector} { ${p} }`),
    );
    expect(other).toEqual([]);
  });
});
