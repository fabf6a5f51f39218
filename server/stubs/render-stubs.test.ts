// The stub sheets' layout, read back as a person's tools read it: pdftotext -bbox gives every
// word's box on the page. On every paper and layout, no two words may overlap and no word may
// cross a cut line between rows (a cramped layout — Letter 10-up had its labels 4.5 pt apart in
// 5.5 pt type and the verify code over the next row's cut line — fails here).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LAYOUTS, PAPERS, stubBoxes, type Layout, type Paper } from "@/lib/stubs/stub-layout";
import { createPdf, pdfBuffer } from "@/server/pdf/pdf-document";
import { counterfoilGeometry, createStubPainter, type StubRow } from "@/server/stubs/render-stubs";

const hasPoppler = existsSync("/usr/bin/pdftotext");
const dir = mkdtempSync(path.join(tmpdir(), "stub-layout-"));

async function render(paper: Paper, layout: Layout) {
  const doc = createPdf({ paper, title: "layout", noPrintScaling: true, margin: 0, creationDate: new Date(0) });
  const bytes = pdfBuffer(doc);
  // Long names and both marks: a sold ticket's name on the counterfoil, REPRINT on the ticket.
  const stubs: StubRow[] = Array.from({ length: 10 }, (_, i) => [
    i + 1,
    `B2K-123-${String(i + 1).padStart(5, "0")}`,
    i % 2 ? null : "Maria Josefina Dela Cruz-Santiago",
    i % 3 ? 1 : 12,
    1,
  ]);
  const draw = createStubPainter(
    doc,
    {
      paper,
      layout,
      order: "sequential",
      calibration: false,
      raffle: {
        name: "Batch 2000 Homecoming Raffle",
        permitNumber: "FTEB-12345 Series of 2026",
        drawText: "Sun, 20 Dec 2026, 3:00 PM",
        venue: "Peñaflor Covered Court",
        priceText: "₱50.00",
        prizesText: "Prizes: 1st Motorcycle · 2nd Rice cooker · 3rd Smart TV",
      },
      verifyBaseUrl: "https://raffle.example.ph",
      keyVersion: "1",
      keyHex: "11".repeat(32),
    },
    stubs,
  );
  draw(1);
  doc.end();
  const file = path.join(dir, `${paper}-${layout}.pdf`);
  writeFileSync(file, await bytes);
  return file;
}

interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

// Noto Sans, per unit of type size: the ascent and descent the PDF's font descriptor gives (what
// poppler's word boxes span), and the ink of Latin text (ascenders of b/d/l, descenders of g/p/y).
const ASCENT = 1.069;
const DESCENT = 0.293;
const INK_ABOVE = 0.77;
const INK_BELOW = 0.25;
/** Letters and marks that reach below the baseline; other words' ink ends at it (digits, capitals). */
const DESCENDS = /[gjpqyQ,;()[\]{}|·₱]/;

/** Every word's ink box: poppler's box spans the font's whole ascent and descent, more than any Latin letter's ink. */
function words(file: string): Word[] {
  const html = execFileSync("pdftotext", ["-bbox", "-f", "1", "-l", "1", file, "-"]).toString();
  const out: Word[] = [];
  for (const m of html.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    const [yMin, yMax] = [+m[2], +m[4]];
    const size = (yMax - yMin) / (ASCENT + DESCENT);
    const baseline = yMax - DESCENT * size;
    out.push({
      x0: +m[1],
      y0: baseline - INK_ABOVE * size,
      x1: +m[3],
      y1: baseline + (DESCENDS.test(m[5]) ? INK_BELOW : 0.02) * size,
      text: m[5],
    });
  }
  return out;
}

/** Overlap of two boxes, in points each way (negative: apart). A hair is allowed for rounding. */
const overlaps = (a: Word, b: Word) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.3 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.3;

describe.skipIf(!hasPoppler)("stub sheet layout", () => {
  for (const paper of PAPERS) {
    for (const layout of LAYOUTS) {
      it(`${paper} ${layout}: no two words overlap, none crosses a cut line`, { timeout: 30_000 }, async () => {
        const found = words(await render(paper, layout));
        expect(found.length).toBeGreaterThan(100);
        const clashes: string[] = [];
        for (let i = 0; i < found.length; i++) {
          for (let j = i + 1; j < found.length; j++)
            if (overlaps(found[i], found[j]))
              clashes.push(`'${found[i].text}' × '${found[j].text}' at y ${found[i].y0.toFixed(1)}`);
        }
        expect(clashes).toEqual([]);
        // Text sits on the buyer's lines or clear of them, never struck through: no rule crosses a
        // word's ink above its baseline (a name's descenders may touch the line it is written on).
        const struck: string[] = [];
        for (const box of stubBoxes(paper, layout)) {
          const g = counterfoilGeometry(box.counterfoil, layout === "10-up");
          const rules = [
            ...g.lines.map((l) => ({ x0: l.lineX, x1: l.right, y: l.y + g.size + 1 })),
            { x0: g.x, x1: g.right, y: g.sigY },
          ];
          for (const r of rules) {
            for (const w of found) {
              const baseline =
                w.y1 -
                (DESCENDS.test(w.text) ? INK_BELOW : 0.02) *
                  ((w.y1 - w.y0) / (INK_ABOVE + (DESCENDS.test(w.text) ? INK_BELOW : 0.02)));
              if (w.x1 > r.x0 && w.x0 < r.x1 && r.y > w.y0 + 0.3 && r.y < baseline - 0.3)
                struck.push(`'${w.text}' by the rule at y ${r.y.toFixed(1)}`);
            }
          }
        }
        expect(struck).toEqual([]);
        const rows = stubBoxes(paper, layout).map((b) => b.row);
        const outside = found
          .filter((w) => !rows.some((r) => w.y0 >= r.y - 0.3 && w.y1 <= r.y + r.height + 0.3))
          .map((w) => `'${w.text}' ${w.y0.toFixed(1)}–${w.y1.toFixed(1)}`);
        expect(outside).toEqual([]);
      });
    }
  }
});
