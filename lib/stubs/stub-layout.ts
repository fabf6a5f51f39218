// Where each stub goes on the sheets (issue 22): shared by the PDF renderer (server/stubs) and the
// Print stubs dialog's preview of page 1. Pure arithmetic, no PDF and no DOM.

export const PAPERS = ["a4", "letter"] as const;
export const LAYOUTS = ["5-up", "10-up"] as const;
export const ORDERS = ["sequential", "cut-stack"] as const;
export type Paper = (typeof PAPERS)[number];
export type Layout = (typeof LAYOUTS)[number];
export type StackOrder = (typeof ORDERS)[number];

export const PAPER_LABELS: Record<Paper, string> = { a4: "A4 (210 × 297 mm)", letter: "Letter (8.5 × 11 in)" };
export const LAYOUT_LABELS: Record<Layout, string> = { "5-up": "5 a page", "10-up": "10 a page (compact)" };
export const ORDER_LABELS: Record<StackOrder, string> = { sequential: "Sequential", "cut-stack": "Cut-stack" };

/** Points (1/72 in), portrait. */
export const PAPER_POINTS: Record<Paper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

/** Most tickets in one PDF (the 413 past it). */
export const MAX_STUBS_PER_PRINT = 10_000;

/** Distance from the paper's edge to the cut area: most printers cannot print the outer 5 mm. */
export const SHEET_MARGIN = 24;
/** The counterfoil's width (the organiser's part, left of the perforation). */
export const COUNTERFOIL_WIDTH: Record<Layout, number> = { "5-up": 170, "10-up": 190 };

export const stubsPerPage = (layout: Layout) => (layout === "5-up" ? 5 : 10);

export function pageCount(stubs: number, layout: Layout) {
  return Math.ceil(stubs / stubsPerPage(layout));
}

/** The boxes of one page, top to bottom: each a row with the counterfoil left and the ticket right. */
export function stubBoxes(paper: Paper, layout: Layout) {
  const { width, height } = PAPER_POINTS[paper];
  const rows = stubsPerPage(layout);
  const rowHeight = (height - 2 * SHEET_MARGIN) / rows;
  const innerWidth = width - 2 * SHEET_MARGIN;
  const cw = COUNTERFOIL_WIDTH[layout];
  return Array.from({ length: rows }, (_, i) => {
    const y = SHEET_MARGIN + i * rowHeight;
    return {
      row: { x: SHEET_MARGIN, y, width: innerWidth, height: rowHeight },
      counterfoil: { x: SHEET_MARGIN, y, width: cw, height: rowHeight },
      ticket: { x: SHEET_MARGIN + cw, y, width: innerWidth - cw, height: rowHeight },
    };
  });
}

/**
 * Which ticket (index into the selection, from 0) sits at position `i` (from 0) of page `p`
 * (from 1), or null for an empty place. Sequential fills pages in order. Cut-stack: with P pages,
 * position i of page p holds the (i·P + p)-th ticket, so after the sheets are stacked and cut,
 * each pile is a run of consecutive numbers (one seller's booklet).
 */
export function ticketAt(options: {
  order: StackOrder;
  layout: Layout;
  total: number;
  page: number;
  position: number;
}): number | null {
  const k = stubsPerPage(options.layout);
  const pages = pageCount(options.total, options.layout);
  const index =
    options.order === "sequential"
      ? (options.page - 1) * k + options.position
      : options.position * pages + options.page - 1;
  return index < options.total ? index : null;
}

/** The file name naming the range: "stubs-00001-00500.pdf". */
export function stubsFileName(first: number, last: number) {
  const five = (n: number) => String(n).padStart(5, "0");
  return first === last ? `stubs-${five(first)}.pdf` : `stubs-${five(first)}-${five(last)}.pdf`;
}
