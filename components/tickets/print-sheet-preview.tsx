"use client";

// Page 1 of a stub print, drawn to scale from the same layout the PDF uses (lib/stubs/stub-layout.ts):
// where each number lands, counterfoil left of the perforation, ticket right. Numbers without a
// ticket, or voided, are skipped by the print, so the real sheet may differ at the edges. For a
// filter (numbers not known in the browser) each place shows the ticket's rank in the selection.
import {
  PAPER_POINTS,
  pageCount,
  stubBoxes,
  stubsPerPage,
  ticketAt,
  type Layout,
  type Paper,
  type StackOrder,
} from "@/lib/stubs/stub-layout";

/** The selection as the preview needs it: how many, and what to write at the i-th (from 0) in number order. */
export type PreviewSelection = { total: number; labelOf: (index: number) => string };

export function PrintSheetPreview(
  props: PreviewSelection & { paper: Paper; layout: Layout; order: StackOrder; calibration: boolean },
) {
  const { total, labelOf, paper, layout, order } = props;
  const { width, height } = PAPER_POINTS[paper];
  const boxes = stubBoxes(paper, layout);
  const pages = pageCount(total, layout);
  const numbers = Array.from({ length: stubsPerPage(layout) }, (_, position) => {
    const index = ticketAt({ order, layout, total, page: 1, position });
    return index === null ? null : labelOf(index);
  });
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <figure className="space-y-2" data-testid="print-preview">
      <div
        className="relative mx-auto w-40 border bg-white shadow-sm dark:bg-neutral-100"
        style={{ aspectRatio: `${width} / ${height}` }}
        role="img"
        aria-label={`Page 1 of about ${pages}: ${numbers.filter((n) => n !== null).join(", ") || "empty"}`}
      >
        {boxes.map((box, i) => (
          <div
            key={i}
            className="absolute flex border border-dashed border-neutral-400 text-[8px] leading-none text-neutral-800"
            style={{
              left: pct(box.row.x, width),
              top: pct(box.row.y, height),
              width: pct(box.row.width, width),
              height: pct(box.row.height, height),
            }}
          >
            <span
              className="flex items-center border-r border-dashed border-neutral-400 px-0.5"
              style={{ width: pct(box.counterfoil.width, box.row.width) }}
            >
              {numbers[i] ?? ""}
            </span>
            <span className="flex flex-1 items-center justify-end px-1 font-semibold">{numbers[i] ?? ""}</span>
          </div>
        ))}
      </div>
      <figcaption className="text-center text-xs text-muted-foreground">
        Page 1{props.calibration ? " after the calibration page" : ""}, of about {pages}{" "}
        {pages === 1 ? "page" : "pages"}
      </figcaption>
    </figure>
  );
}
