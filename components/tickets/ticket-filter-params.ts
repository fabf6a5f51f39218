// Tickets Management's URL parameters, shared by the page (server: the first page is rendered
// with its rows) and the screen (browser: nuqs keeps them in sync). nuqs/server's parsers are
// the same on both sides.
import { createLoader, parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs/server";
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

export const loadTicketFilters = createLoader(ticketFilterParsers);

export interface TicketFilterState {
  q: string;
  status: (typeof STATUS_FILTERS)[number];
  payment: (typeof PAYMENT_FILTERS)[number];
  creator: string;
  page: number;
  view: TicketsView | null;
}

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
