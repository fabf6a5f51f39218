// What a ticket stub can print (issue 40): the code points that both stub fonts (Noto Sans Regular and
// Bold, server/pdf/pdf-document.ts) have a glyph for. A character outside them prints as a blank on
// the stub (Arabic, emoji), so a buyer's name holding one is refused at registration with a message
// naming it, on the form and by the API alike (lib/schemas/ticket.ts). Generated from the fonts;
// stub-printable.test.ts fails when the fonts and this list part.

/** Code points and inclusive [first, last] ranges, ascending. */
export const STUB_FONT_CODE_POINTS: readonly (number | readonly [number, number])[] = [
  0x0,
  0xd,
  [0x20, 0x7e],
  [0xa0, 0x377],
  [0x37a, 0x37f],
  [0x384, 0x38a],
  0x38c,
  [0x38e, 0x3a1],
  [0x3a3, 0x3e1],
  [0x3f0, 0x52f],
  [0x900, 0x97f],
  0x10fb,
  [0x1ab0, 0x1ac0],
  0x1ac5,
  [0x1ac7, 0x1ace],
  [0x1c80, 0x1c88],
  [0x1d00, 0x1df9],
  [0x1dfb, 0x1f15],
  [0x1f18, 0x1f1d],
  [0x1f20, 0x1f45],
  [0x1f48, 0x1f4d],
  [0x1f50, 0x1f57],
  0x1f59,
  0x1f5b,
  0x1f5d,
  [0x1f5f, 0x1f7d],
  [0x1f80, 0x1fb4],
  [0x1fb6, 0x1fc4],
  [0x1fc6, 0x1fd3],
  [0x1fd6, 0x1fdb],
  [0x1fdd, 0x1fef],
  [0x1ff2, 0x1ff4],
  [0x1ff6, 0x1ffe],
  [0x2000, 0x2064],
  [0x2066, 0x2071],
  [0x2074, 0x208e],
  [0x2090, 0x209c],
  [0x20a0, 0x20c0],
  0x20f0,
  [0x2100, 0x215f],
  [0x2183, 0x2184],
  0x2189,
  0x2212,
  0x25cc,
  [0x2c60, 0x2c7f],
  [0x2de0, 0x2e5d],
  [0xa640, 0xa69f],
  [0xa700, 0xa7ca],
  [0xa7d0, 0xa7d1],
  0xa7d3,
  [0xa7d5, 0xa7d9],
  [0xa7f2, 0xa7ff],
  0xa8ff,
  0xa92e,
  [0xab30, 0xab6b],
  [0xfb00, 0xfb06],
  0xfe00,
  [0xfe20, 0xfe2f],
  0xfeff,
  [0xfffc, 0xfffd],
  [0x10780, 0x10785],
  [0x10787, 0x107b0],
  [0x107b2, 0x107ba],
  [0x1df00, 0x1df1e],
];

function covered(codePoint: number): boolean {
  let lo = 0;
  let hi = STUB_FONT_CODE_POINTS.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const entry = STUB_FONT_CODE_POINTS[mid];
    const [first, last] = typeof entry === "number" ? [entry, entry] : entry;
    if (codePoint < first) hi = mid - 1;
    else if (codePoint > last) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The distinct characters of `text` the stub cannot print, in order of appearance. */
export function unprintableOnStub(text: string): string[] {
  const seen = new Set<string>();
  for (const ch of text) if (!covered(ch.codePointAt(0)!) && !seen.has(ch)) seen.add(ch);
  return [...seen];
}

/** "Buyer name has characters the ticket stub cannot print: "😀" (U+1F600), …". */
export function unprintableMessage(label: string, characters: string[]): string {
  const listed = characters
    .slice(0, 3)
    .map((ch) => `"${ch}" (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`);
  const more = characters.length > 3 ? ` and ${characters.length - 3} more` : "";
  return (
    `${label} has characters the ticket stub cannot ` +
    `print: ${listed.join(", ")}${more}. Use Latin, Greek or Cyrillic letters ` +
    `(accents and ñ print).`
  );
}
