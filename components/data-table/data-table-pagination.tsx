"use client";

// The pager under every server-paged list (shadcn's data-table-pagination): "Showing 101–200 of
// 1,234 lines", Previous / Next and "Page 2 of 13". The screen keeps the page in its URL; this only
// draws it. When a click reaches the first or last page the button that was pressed is disabled, so
// focus moves to the other one instead of falling to the page's body (keyboard users stay put).
import { useEffect, useRef } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatCount, formatShowing } from "@/lib/format";

export interface DataTablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, one and many: ["ticket", "tickets"]. */
  noun: readonly [one: string, many: string];
  onPageChange: (page: number) => void;
  /** The navigation landmark's name, when a screen has more than one pager. */
  label?: string;
  /**
   * `total` is a capped count, a floor (decision 081): "of 1,000+", "Page 3 of 100+", and Next is
   * enabled while `hasNext` (the server found a row after this page); `shown` is this page's row count.
   */
  capped?: { shown: number; hasNext: boolean };
}

export function DataTablePagination({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
  label = "Pagination",
  capped,
}: DataTablePaginationProps) {
  // Past a capped count the pages go as far as the rows do: "Page 101 of 101+", and exactly on the last.
  const pageCount = capped
    ? Math.max(page, capped.hasNext ? Math.ceil(total / pageSize) : page)
    : Math.max(1, Math.ceil(total / pageSize));
  const isLast = capped ? !capped.hasNext : page >= pageCount;
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // Set on a click that reaches an end; applied once the new page is drawn (the button to focus
  // may be disabled until then).
  const focusAfter = useRef<"previous" | "next" | null>(null);
  useEffect(() => {
    const which = focusAfter.current;
    focusAfter.current = null;
    if (which === "next") next.current?.focus();
    if (which === "previous") previous.current?.focus();
  }, [page]);
  const go = (to: number) => {
    focusAfter.current = to <= 1 ? "next" : !capped && to >= pageCount ? "previous" : null;
    onPageChange(to);
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" data-testid="page-range">
        {formatShowing({ page, pageSize, total, noun, capped })}
      </p>
      <div className="flex items-center gap-2">
        <Button ref={previous} variant="outline" size="sm" onClick={() => go(page - 1)} disabled={page <= 1}>
          <ChevronLeft />
          Previous
        </Button>
        <span className="min-w-24 text-center text-sm" aria-live="polite" data-testid="page-indicator">
          Page {formatCount(page)} of {`${formatCount(pageCount)}${capped?.hasNext ? "+" : ""}`}
        </span>
        <Button ref={next} variant="outline" size="sm" onClick={() => go(page + 1)} disabled={isLast}>
          Next
          <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
