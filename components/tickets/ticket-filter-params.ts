// Tickets Management's URL parameters, shared by the page (server: the first page is rendered
// with its rows) and the screen (browser: lib/use-url-state.ts keeps them in sync). The parsers
// are the same on both sides.
import { readUrlState, urlInteger, urlLiteral, urlString, type UrlSearchParamsRecord } from "@/lib/url-state";
import type { TicketSearchParams } from "@/lib/api/tickets";
import { TICKETS_PAGE_SIZE } from "@/lib/constants";
import { TICKET_CURSOR } from "@/lib/constants";

export const STATUS_FILTERS = ["all", "registered", "unregistered"] as const;
/**
 * SPEC section 2: the payment filter offers all, Cash and GCash; Bank Transfer too, a method tickets are sold by
 * (issue 38 item 8).
 */
export const PAYMENT_FILTERS = ["all", "cash", "gcash", "bank_transfer"] as const;
export const VIEWS = ["table", "cards"] as const;
export type TicketsView = (typeof VIEWS)[number];

export const ticketFilterParsers = {
  q: urlString.withDefault(""),
  status: urlLiteral(STATUS_FILTERS).withDefault("all"),
  payment: urlLiteral(PAYMENT_FILTERS).withDefault("all"),
  creator: urlString.withDefault(""),
  page: urlInteger.withDefault(1),
  /**
   * How Previous/Next reached the page (decision 137): the next page after a page's last row, or
   * the page before its first row. Absent (page 1, a typed page, a link): the page by its offset.
   */
  after: urlString,
  before: urlString,
  /** Absent: cards below 640 px, the table above. */
  view: urlLiteral(VIEWS),
};

export const loadTicketFilters = (searchParams: UrlSearchParamsRecord) =>
  readUrlState(ticketFilterParsers, searchParams);

export interface TicketFilterState {
  q: string;
  status: (typeof STATUS_FILTERS)[number];
  payment: (typeof PAYMENT_FILTERS)[number];
  creator: string;
  page: number;
  after?: string | null;
  before?: string | null;
  view: TicketsView | null;
}

/** What every change of search or filter also sets: back to page 1, reached by its offset. */
export const FIRST_PAGE = { page: null, after: null, before: null } as const;

export function hasActiveFilters(f: Pick<TicketFilterState, "q" | "status" | "payment" | "creator">): boolean {
  return f.q.trim() !== "" || f.status !== "all" || f.payment !== "all" || f.creator !== "";
}

/** A cursor the URL carries, if it is one the API gave (anything else: the page by its offset). */
const cursorOrUndefined = (c: string | null | undefined) => (c && TICKET_CURSOR.test(c) ? c : undefined);

/**
 * The API call for the list as the URL describes it: the screen's request, with a capped count
 * for filtered searches and the page's keyset cursor when Previous/Next reached it (decision 137).
 */
export function toSearchParams(f: TicketFilterState): TicketSearchParams {
  const page = Math.max(1, f.page);
  const after = page > 1 ? cursorOrUndefined(f.after) : undefined;
  const before = page > 1 && !after ? cursorOrUndefined(f.before) : undefined;
  return {
    search: f.q.trim() || undefined,
    status: f.status,
    payment: f.payment === "all" ? undefined : f.payment,
    user: f.creator || undefined,
    limit: TICKETS_PAGE_SIZE,
    offset: (page - 1) * TICKETS_PAGE_SIZE,
    count: "capped",
    ...(after ? { after } : before ? { before } : {}),
  };
}
