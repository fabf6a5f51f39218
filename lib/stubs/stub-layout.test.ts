import { describe, expect, it } from "vitest";
import {
  pageCount,
  PAPERS,
  stubBoxes,
  stubsFileName,
  stubsPerPage,
  ticketAt,
  PAPER_POINTS,
  LAYOUTS,
  ORDERS,
} from "@/lib/stubs/stub-layout";

describe("stub layout", () => {
  it("cut-stack puts the (i·P + p)-th ticket at position i of page p, so each pile is consecutive", () => {
    // 23 tickets, 5 a page: P = 5 pages.
    const at = (page: number, position: number) =>
      ticketAt({ order: "cut-stack", layout: "5-up", total: 23, page, position });
    expect(at(1, 0)).toBe(0);
    expect(at(2, 0)).toBe(1);
    expect(at(1, 1)).toBe(5);
    expect(at(3, 4)).toBe(22);
    expect(at(4, 4)).toBeNull();
    for (let position = 0; position < 5; position++) {
      const pile = [1, 2, 3, 4, 5].map((page) => at(page, position)).filter((x) => x !== null) as number[];
      pile.forEach((t, j) => j > 0 && expect(t).toBe(pile[j - 1] + 1));
    }
  });

  it.each(ORDERS.flatMap((order) => LAYOUTS.map((layout) => [order, layout] as const)))(
    "%s %s places every ticket exactly once",
    (order, layout) => {
      for (const total of [1, 4, 5, 6, 10, 11, 99, 1234]) {
        const seen: number[] = [];
        for (let page = 1; page <= pageCount(total, layout); page++) {
          for (let position = 0; position < stubsPerPage(layout); position++) {
            const t = ticketAt({ order, layout, total, page, position });
            if (t !== null) seen.push(t);
          }
        }
        expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
      }
    },
  );

  it.each(PAPERS.flatMap((paper) => LAYOUTS.map((layout) => [paper, layout] as const)))(
    "%s %s boxes stay inside the paper",
    (paper, layout) => {
      const { width, height } = PAPER_POINTS[paper];
      for (const box of stubBoxes(paper, layout)) {
        for (const b of [box.row, box.counterfoil, box.ticket]) {
          expect(b.x).toBeGreaterThanOrEqual(0);
          expect(b.y).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width).toBeLessThanOrEqual(width + 1e-9);
          expect(b.y + b.height).toBeLessThanOrEqual(height + 1e-9);
        }
      }
    },
  );

  it("names the file after the range", () => {
    expect(stubsFileName(1, 500)).toBe("stubs-00001-00500.pdf");
    expect(stubsFileName(42, 42)).toBe("stubs-00042.pdf");
  });
});
