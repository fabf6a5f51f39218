import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { STUB_FONT_CODE_POINTS, unprintableMessage, unprintableOnStub } from "@/lib/stub-printable";

// pdfkit's own font reader (no types of its own).
const fontkit = createRequire(import.meta.url)("fontkit") as { openSync(file: string): { characterSet: number[] } };
const FONTS = ["400Regular/NotoSans_400Regular.ttf", "700Bold/NotoSans_700Bold.ttf"].map(
  (f) => `node_modules/@expo-google-fonts/noto-sans/${f}`,
);

describe("what a stub can print", () => {
  it("is exactly the code points both stub fonts have", () => {
    const sets = FONTS.map((file) => new Set(fontkit.openSync(file).characterSet));
    const both = [...sets[0]].filter((c) => sets[1].has(c)).sort((a, b) => a - b);
    const listed = STUB_FONT_CODE_POINTS.flatMap((e) =>
      typeof e === "number" ? [e] : Array.from({ length: e[1] - e[0] + 1 }, (_, i) => e[0] + i),
    );
    expect(listed).toEqual(both);
  });

  it("names the characters that would print blank", () => {
    expect(unprintableOnStub("José Peñaflor-Dela Cruz ₱")).toEqual([]);
    expect(unprintableOnStub("Ана Γιώργος")).toEqual([]);
    expect(unprintableOnStub("محمد 😀 Ana 😀")).toEqual(["م", "ح", "د", "😀"]);
    expect(unprintableMessage("Buyer name", ["😀"])).toBe(
      'Buyer name has characters the ticket stub cannot print: "😀" (U+1F600). ' +
        "Use Latin, Greek or Cyrillic letters (accents and ñ print).",
    );
    expect(unprintableMessage("Buyer name", ["م", "ح", "د", "😀"])).toContain(
      '"م" (U+0645), "ح" (U+062D), "د" (U+062F) and 1 more.',
    );
  });
});
