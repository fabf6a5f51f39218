// What a ticket stub can print (issue 40): the code points that both stub fonts (Noto Sans Regular and
// Bold, server/pdf/pdf-document.ts) have a glyph for. A character outside them prints as a blank on
// the stub (Arabic, emoji), so a buyer's name holding one is refused at registration with a message
// naming it, on the form and by the API alike (lib/schemas/ticket.ts). Generated from the fonts;
// stub-printable.test.ts fails when the fonts and this list part.

/** Code points and inclusive [first, last] ranges, ascending. */
export const STUB_FONT_CODE_POINTS: readonly (number | readonly [number, number])[] = [
  0x0, 0xD, [0x20, 0x7E], [0xA0, 0x377], [0x37A, 0x37F], [0x384, 0x38A], 0x38C, [0x38E, 0x3A1], [0x3A3, 0x3E1],
  [0x3F0, 0x52F], [0x900, 0x97F], 0x10FB, [0x1AB0, 0x1AC0], 0x1AC5, [0x1AC7, 0x1ACE], [0x1C80, 0x1C88],
  [0x1D00, 0x1DF9], [0x1DFB, 0x1F15], [0x1F18, 0x1F1D], [0x1F20, 0x1F45], [0x1F48, 0x1F4D], [0x1F50, 0x1F57], 0x1F59,
  0x1F5B, 0x1F5D, [0x1F5F, 0x1F7D], [0x1F80, 0x1FB4], [0x1FB6, 0x1FC4], [0x1FC6, 0x1FD3], [0x1FD6, 0x1FDB],
  [0x1FDD, 0x1FEF], [0x1FF2, 0x1FF4], [0x1FF6, 0x1FFE], [0x2000, 0x2064], [0x2066, 0x2071], [0x2074, 0x208E],
  [0x2090, 0x209C], [0x20A0, 0x20C0], 0x20F0, [0x2100, 0x215F], [0x2183, 0x2184], 0x2189, 0x2212, 0x25CC,
  [0x2C60, 0x2C7F], [0x2DE0, 0x2E5D], [0xA640, 0xA69F], [0xA700, 0xA7CA], [0xA7D0, 0xA7D1], 0xA7D3, [0xA7D5, 0xA7D9],
  [0xA7F2, 0xA7FF], 0xA8FF, 0xA92E, [0xAB30, 0xAB6B], [0xFB00, 0xFB06], 0xFE00, [0xFE20, 0xFE2F], 0xFEFF,
  [0xFFFC, 0xFFFD], [0x10780, 0x10785], [0x10787, 0x107B0], [0x107B2, 0x107BA], [0x1DF00, 0x1DF1E],
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
  const listed = characters.slice(0, 3).map((ch) => `"${ch}" (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`);
  const more = characters.length > 3 ? ` and ${characters.length - 3} more` : "";
  return `${label} has characters the ticket stub cannot print: ${listed.join(", ")}${more}. Use Latin, Greek or Cyrillic letters (accents and ñ print).`;
}
