"use client";

// Tickets Management's URL state (nuqs): search, filters, page and view, so a filtered page can
// be reloaded, bookmarked and shared, and Back steps through the changes.
import { useSyncExternalStore } from "react";
import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import type { TicketSearchParams } from "@/lib/api/tickets";
import { TICKETS_PAGE_SIZE } from "@/lib/constants";

export const STATUS_FILTERS = ["all", "registered", "unregistered"] as const;
/** SPEC section 2: the payment filter offers all, Cash and GCash. */
export const PAYMENT_FILTERS = ["all", "cash", "gcash"] as const;
export const VIEWS = ["table", "cards"] as const;
export type TicketsView = (typeof VIEWS)[number];

export const ticketFilterParsers = {
  q: parseAsString.withDefault(""),
  status: parseAsStringLiteral(STATUS_FILTERS).withDefault("all"),
  payment: parseAsStringLiteral(PAYMENT_FILTERS).withDefault("all"),
  creator: parseAsString.withDefault(""),
  page: parseAsInteger.withDefault(1),
  /** Absent: cards below 640 px, the table above. */
  view: parseAsStringLiteral(VIEWS),
};

export function useTicketFilters() {
  return useQueryStates(ticketFilterParsers, { history: "push", scroll: false });
}

export type TicketFilterState = ReturnType<typeof useTicketFilters>[0];

export function hasActiveFilters(f: Pick<TicketFilterState, "q" | "status" | "payment" | "creator">): boolean {
  return f.q.trim() !== "" || f.status !== "all" || f.payment !== "all" || f.creator !== "";
}

/** The API call for the list as the URL describes it. */
export function toSearchParams(f: TicketFilterState): TicketSearchParams {
  const page = Math.max(1, f.page);
  return {
    search: f.q.trim() || undefined,
    status: f.status,
    payment: f.payment === "all" ? undefined : f.payment,
    user: f.creator || undefined,
    limit: TICKETS_PAGE_SIZE,
    offset: (page - 1) * TICKETS_PAGE_SIZE,
  };
}

const NARROW = "(max-width: 639px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True below 640 px (the server renders the wide layout; the browser corrects it on hydration). */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches, () => false);
}
