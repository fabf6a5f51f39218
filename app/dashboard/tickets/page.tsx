import type { UrlSearchParamsRecord } from "@/lib/url-state";
import { PrintStubsButton } from "@/components/tickets/print-stubs-button";
import { TicketsIoActions } from "@/components/tickets/tickets-io-actions";
import { TicketsScreen } from "@/components/tickets/tickets-screen";
import { loadTicketFilters, toSearchParams } from "@/components/tickets/ticket-filter-params";
import { searchTicketsQuerySchema } from "@/lib/schemas/ticket";
import type { Principal } from "@/server/auth/principal";
import { searchTickets } from "@/server/tickets/search-tickets";
import { getTicketStats } from "@/server/tickets/ticket-counts";
import { requireAdmin } from "../access";

// Tickets Management renders with the page of tickets and the stats the URL asks for, read
// through the same schema and services as GET /api/tickets/search, so the first rows are in the
// HTML; the browser's TanStack Query cache starts from them (components/tickets/tickets-screen.tsx).
export default async function TicketsPage({ searchParams }: { searchParams: Promise<UrlSearchParamsRecord> }) {
  const user = await requireAdmin();
  const params = toSearchParams(loadTicketFilters(await searchParams));
  // The signed-in user (just re-read from the database) as the services' caller; each service checks the role itself.
  const principal: Principal = { user, via: "cookie", sessionId: "" };
  // Input the API would refuse (a search over 200 characters) is left to the browser, which shows the API's message.
  const query = searchTicketsQuerySchema.safeParse(params);
  // A failure here leaves the reading to the browser too, which shows the spec's error message.
  const [page, stats] = await Promise.all([
    query.success ? searchTickets({ principal, filters: query.data }).catch(() => null) : null,
    getTicketStats({ principal })
      .then((c) => ({
        total: c.total,
        registered_count: c.registered,
        unregistered_count: c.unregistered,
        revenue: c.revenue,
      }))
      .catch(() => null),
  ]);
  return (
    <TicketsScreen
      currentUserEmail={user.email}
      extraActions={
        <>
          <TicketsIoActions currentUserEmail={user.email} />
          <PrintStubsButton />
        </>
      }
      initialData={{ params, page, stats, renderedAt: Date.now() }}
    />
  );
}
