// Faster text shaping for documents that draw thousands of different short words (10,000 stubs:
// a control number, a verify code, a name per stub). pdfkit shapes every new word with fontkit's
// full OpenType engine (a shaping plan, GSUB and GPOS lookups: about 0.1 ms a word, 60% of a
// 10,000-stub render) and caches it by the whole word, which never repeats. For plain ASCII
// letters, digits and a few marks, Noto Sans shaping is a glyph per character plus pair kerning,
// so the same result is put together from each character's glyph and each adjacent pair's
// kerning, each shaped once by fontkit itself. A pair that shapes into anything else (a ligature,
// a mark, a change to the second glyph) marks the word for pdfkit's own path, as does any
// character outside the set. fast-text-layout.test.ts compares the result with fontkit's on
// random words. pdfkit has no public hook: the font's `layoutCached` is wrapped (internal, like
// the layout cache emptied in server/stubs/render-stubs.ts), with a clear error if pdfkit changes.

/** Characters put together from cached glyphs and pairs; anything else goes to pdfkit's shaper. */
const SIMPLE = /^[-A-Za-z0-9 .,']+$/;

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface Run {
  glyphs: Glyph[];
  positions: Position[];
  advanceWidth: number;
}
interface EmbeddedFont {
  layoutCached: (text: string) => Run;
  layoutRun: (text: string, features?: unknown) => Run;
  __fastLayout?: true;
}

/** A pair's kerning (added to the first glyph's advance), or null when the pair is not a plain pair. */
type Kerning = number | null;

export function installFastLayout(font: unknown): void {
  const f = font as EmbeddedFont;
  if (typeof f?.layoutCached !== "function" || typeof f.layoutRun !== "function")
    throw new Error("pdfkit changed: a font without layoutCached/layoutRun");
  if (f.__fastLayout) return;
  f.__fastLayout = true;
  const original = f.layoutCached.bind(f);
  const singles = new Map<string, Run | null>();
  const pairs = new Map<string, Kerning>();

  const single = (ch: string): Run | null => {
    let run = singles.get(ch);
    if (run === undefined) {
      const shaped = f.layoutRun(ch);
      const p = shaped.positions[0];
      run = shaped.glyphs.length === 1 && p.xOffset === 0 && p.yOffset === 0 && p.yAdvance === 0 ? shaped : null;
      singles.set(ch, run);
    }
    return run;
  };
  const kerning = (a: string, b: string, first: Run, second: Run): Kerning => {
    const key = a + b;
    let k = pairs.get(key);
    if (k === undefined) {
      const shaped = f.layoutRun(key);
      const [p0, p1] = shaped.positions;
      const plain =
        shaped.glyphs.length === 2 &&
        shaped.glyphs[0].id === first.glyphs[0].id &&
        shaped.glyphs[1].id === second.glyphs[0].id &&
        p0.xOffset === 0 &&
        p0.yOffset === 0 &&
        p0.yAdvance === 0 &&
        p1.xOffset === 0 &&
        p1.yOffset === 0 &&
        p1.yAdvance === 0 &&
        p1.xAdvance === second.positions[0].xAdvance;
      k = plain ? p0.xAdvance - first.positions[0].xAdvance : null;
      pairs.set(key, k);
    }
    return k;
  };

  f.layoutCached = (text: string): Run => {
    if (!SIMPLE.test(text)) return original(text);
    const glyphs: Glyph[] = [];
    const positions: Position[] = [];
    let advanceWidth = 0;
    let previous: Run | null = null;
    for (let i = 0; i < text.length; i++) {
      const run = single(text[i]);
      if (!run) return original(text);
      if (previous) {
        const k = kerning(text[i - 1], text[i], previous, run);
        if (k === null) return original(text);
        if (k !== 0) {
          positions[i - 1].xAdvance += k;
          advanceWidth += k;
        }
      }
      const p = run.positions[0];
      glyphs.push(run.glyphs[0]);
      positions.push({ xAdvance: p.xAdvance, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: p.advanceWidth });
      advanceWidth += p.xAdvance;
      previous = run;
    }
    return { glyphs, positions, advanceWidth };
  };
}

/** Selects each named font once, so that pdfkit makes it, and installs the fast layout on it. */
export function shapeFastWithFonts(doc: PDFKit.PDFDocument, fontNames: string[]): void {
  for (const name of fontNames) {
    doc.font(name);
    installFastLayout((doc as unknown as { _font: unknown })._font);
  }
}
