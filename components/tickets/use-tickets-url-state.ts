"use client";

// Tickets Management's URL state (issue 41: the screen split by concern): the search box and its
// debounced trip to the URL, the filters, and the page, with its correction when the rows it
// named are gone. The URL itself is use-ticket-filters.ts's.
import { useEffect, useMemo, useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS } from "@/components/tickets/search-debounce";
import {
  FIRST_PAGE,
  hasActiveFilters,
  toSearchParams,
  useTicketFilters,
  type TicketFilterState,
} from "@/components/tickets/use-ticket-filters";
import { TICKETS_PAGE_SIZE } from "@/lib/constants";
import type { useTicketsPage } from "@/lib/queries/tickets";

const CLEARED = { q: null, status: null, payment: null, creator: null, ...FIRST_PAGE } as const;

/** The filters in the URL, the search box that feeds them, and the ways to change them. */
export function useTicketsUrlState() {
  const [filters, setFilters] = useTicketFilters();
  const params = useMemo(() => toSearchParams(filters), [filters]);
  const [searchText, setSearchText] = useState(filters.q);
  const committedSearch = useRef(filters.q);

  // URL → box: Back, Refresh All or a shared link changed the search.
  useEffect(() => {
    if (filters.q.trim() === committedSearch.current.trim()) return;
    committedSearch.current = filters.q;
    setSearchText(filters.q);
  }, [filters.q]);

  // Box → URL, once typing pauses; a new search starts at page 1.
  useEffect(() => {
    const next = searchText.trim();
    if (next === committedSearch.current.trim()) return;
    const timer = setTimeout(() => {
      committedSearch.current = next;
      void setFilters({ q: next || null, ...FIRST_PAGE });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, setFilters]);

  function clearFilters() {
    committedSearch.current = "";
    setSearchText("");
    void setFilters(CLEARED);
  }

  function changeFilter(change: Partial<Pick<TicketFilterState, "status" | "payment" | "creator">>) {
    const normalized = Object.fromEntries(
      Object.entries(change).map(([k, v]) => [k, v === "all" || v === "" ? null : v]),
    );
    void setFilters({ ...normalized, ...FIRST_PAGE });
  }

  return {
    filters,
    setFilters,
    params,
    searchText,
    setSearchText,
    /** The box says something the URL (and so the list) does not say yet. */
    isTyping: searchText.trim() !== filters.q.trim(),
    isFiltered: hasActiveFilters(filters),
    clearFilters,
    changeFilter,
  };
}

/**
 * The page shown, its count, and the move to another page: Next and Previous by the page's first or
 * last row (keyset, decision 137), other moves by offset; a page whose rows are gone is corrected.
 */
export function useTicketsPaging(
  url: Pick<ReturnType<typeof useTicketsUrlState>, "filters" | "setFilters" | "params">,
  list: ReturnType<typeof useTicketsPage>,
) {
  const { filters, setFilters, params } = url;
  const total = list.data?.total ?? 0;
  // A filtered search past 1,000 matches counts no further (decision 081): "1,000+", "Page 3 of 100+".
  const capped = !!list.data?.totalCapped;
  const pageCount = Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE));
  const page = Math.max(1, filters.page);
  const byCursor = !!(params.after || params.before);
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const empty = list.data.tickets.length === 0;
    // A page reached by Previous/Next whose rows are gone (deleted meanwhile): the same page by its offset.
    if (byCursor && empty) void setFilters({ after: null, before: null }, { history: "replace" });
    // A page past the end (the last tickets deleted, an old link): the last page, or page 1 past a capped count.
    else if (capped ? empty && page > 1 : page > pageCount)
      void setFilters(capped || pageCount === 1 ? FIRST_PAGE : { ...FIRST_PAGE, page: pageCount }, {
        history: "replace",
      });
  }, [list.data, list.isPlaceholderData, byCursor, capped, page, pageCount, setFilters]);

  function goToPage(to: number) {
    const shown = list.isPlaceholderData ? undefined : list.data;
    if (to <= 1) void setFilters(FIRST_PAGE);
    else if (to === page + 1 && shown?.nextCursor) void setFilters({ page: to, after: shown.nextCursor, before: null });
    else if (to === page - 1 && shown?.prevCursor) void setFilters({ page: to, before: shown.prevCursor, after: null });
    else void setFilters({ page: to, after: null, before: null });
  }

  return { total, capped, pageCount, page, goToPage };
}
