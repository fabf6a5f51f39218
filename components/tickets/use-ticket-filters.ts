"use client";

// Tickets Management's URL state (lib/use-url-state.ts): search, filters, page and view, so a filtered page can
// be reloaded, bookmarked and shared, and Back steps through the changes.
import { useSyncExternalStore } from "react";
import { useUrlState } from "@/lib/use-url-state";
import { ticketFilterParsers } from "@/components/tickets/ticket-filter-params";

export {
  FIRST_PAGE,
  hasActiveFilters,
  PAYMENT_FILTERS,
  STATUS_FILTERS,
  toSearchParams,
  VIEWS,
} from "@/components/tickets/ticket-filter-params";
export type { TicketFilterState, TicketsView } from "@/components/tickets/ticket-filter-params";

export function useTicketFilters() {
  return useUrlState(ticketFilterParsers, { history: "push" });
}

const NARROW = "(max-width: 639px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True below 640 px (the server renders the wide layout; the browser corrects it on hydration). */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
