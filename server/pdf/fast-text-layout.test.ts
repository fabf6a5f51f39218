// The fast layout (fast-text-layout.ts) must shape exactly as pdfkit's own path: the same glyphs,
// the same advances and offsets, for the words stubs draw (control numbers, codes, names) and for
// random words of its character set; words outside the set must be left to pdfkit.
import { describe, expect, it } from "vitest";
import { installFastLayout } from "@/server/pdf/fast-text-layout";
import { createPdf } from "@/server/pdf/pdf-document";

interface Run {
  glyphs: { id: number }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[];
  advanceWidth: number;
}
type Font = { layoutCached(text: string): Run; layoutRun(text: string): Run };

function fonts() {
  const doc = createPdf({ paper: "a4", title: "t" });
  return (["regular", "bold"] as const).map((name) => {
    doc.font(name);
    const fast = (doc as unknown as { _font: Font })._font;
    doc.font(name === "regular" ? "bold" : "regular");
    return { name, fast };
  });
}

const plain = (run: Run) => ({
  glyphs: run.glyphs.map((g) => g.id),
  positions: run.positions.map((p) =>
    [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset, p.advanceWidth].map((v) => Math.round(v * 1e6) / 1e6),
  ),
  advanceWidth: Math.round(run.advanceWidth * 1e6) / 1e6,
});

const CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,'-";
function randomWord(length: number) {
  let s = "";
  for (let i = 0; i < length; i++) s += CHARS[Math.floor(Math.random() * CHARS.length)];
  return s;
}

describe("fast text layout", () => {
  it.each(fonts())(
    "shapes like fontkit ($name): stub words and 1,000 random words",
    { timeout: 60_000 },
    ({ fast }) => {
      const reference = (text: string) => plain(fast.layoutRun(text));
      installFastLayout(fast);
      const words = [
        "B2K-123-00042",
        "7KQ-M3X",
        "REPRINT ",
        "2",
        "AVATAR",
        "To",
        "Wave",
        "office",
        "ffi",
        "Dela ",
        "Cruz",
        "L'Tyra",
        "T.",
        "Y,",
      ];
      for (let i = 0; i < 1000; i++) words.push(randomWord(1 + Math.floor(Math.random() * 14)));
      for (const word of words) expect(plain(fast.layoutCached(word)), word).toEqual(reference(word));
    },
  );

  it("leaves words outside its characters to pdfkit (ñ, ₱, a combining mark)", () => {
    const [{ fast }] = fonts();
    const calls: string[] = [];
    const original = fast.layoutCached.bind(fast);
    fast.layoutCached = (text) => (calls.push(text), original(text));
    installFastLayout(fast);
    for (const word of ["Peñaflor", "₱50.00", "Pen\u0303a"]) fast.layoutCached(word);
    fast.layoutCached("Plain");
    expect(calls).toEqual(["Peñaflor", "₱50.00", "Pen\u0303a"]);
  });

  it("kerns a pair as fontkit does (a test that the pairs are not dropped)", () => {
    const [{ fast }] = fonts();
    installFastLayout(fast);
    const av = fast.layoutCached("AV");
    expect(av.positions[0].xAdvance).toBeLessThan(fast.layoutRun("A").positions[0].xAdvance);
  });
});
