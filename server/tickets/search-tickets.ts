import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { phoneSearchDigits } from "@/lib/phone";
import { TICKET_COUNT_CAP, type SearchTicketsQuery } from "@/lib/schemas/ticket";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { sql } from "@/server/db/client";
import { getTicketCounts } from "@/server/tickets/ticket-counts";
import { normalizeReference } from "@/lib/payments";
import { serializeTicketFor, type VisibleTicket } from "@/server/tickets/ticket-privacy";
import { TICKET_COLUMNS, type Ticket } from "@/server/tickets/ticket-select";

export type TicketFilters = Partial<
  Pick<SearchTicketsQuery, "search" | "status" | "payment" | "user" | "after" | "before" | "count">
> & { limit: number; offset: number };

/** A page's place in the (created_at DESC, ticket_number DESC) order, as `after`/`before` take it back. */
const cursorOf = (row: { created_at: string | Date; ticket_number: number | string }) =>
  `${new Date(row.created_at).toISOString()}_${Number(row.ticket_number)}`;
function parseCursor(cursor: string) {
  const at = cursor.lastIndexOf("_");
  return { createdAt: cursor.slice(0, at), ticketNumber: Number(cursor.slice(at + 1)) };
}

/** Straight to the driver: list and search are the Tickets screen's every keystroke and page. */
const run = <T>(query: Prisma.Sql) => sql<T>(query.text, query.values);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search term: the ticket id exactly, or a case-insensitive substring of control number,
 * buyer name or email (trigram indexes), part of the phone in any written form, or a payment
 * reference however it is spaced (exactly, through the payments' reference index).
 */
function termCondition(term: string, viewer?: Principal): Prisma.Sql {
  if (UUID.test(term)) return Prisma.sql`t.id = ${term.toLowerCase()}::uuid`;
  const like = `%${likeEscape(term)}%`;
  // The contact fields and payment references are searched only where the caller may see them
  // (issue 25 item 10; server/tickets/ticket-privacy.ts), or a search would answer "is this phone
  // number on some ticket?" for fields the answer then hides.
  const mine =
    !viewer || viewer.user.isAdmin
      ? null
      : Prisma.sql`(t.created_by_id = ${viewer.user.id}::uuid OR t.registered_by_id = ${viewer.user.id}::uuid)`;
  const private_ = (condition: Prisma.Sql) => (mine ? Prisma.sql`(${condition} AND ${mine})` : condition);
  const parts = [
    Prisma.sql`t.control_number ILIKE ${like}`,
    Prisma.sql`t.buyer_name ILIKE ${like}`,
    private_(Prisma.sql`t.email ILIKE ${like}`),
  ];
  const digits = phoneSearchDigits(term);
  if (digits) parts.push(private_(Prisma.sql`t.phone_number LIKE ${`%${digits}%`}`));
  const reference = normalizeReference(term);
  if (reference && reference.length >= 6) {
    // `= ANY (ARRAY(…))`, not `IN (SELECT …)`: the array is computed once (an InitPlan) and the
    // payment_id index joins the trigram indexes' BitmapOr; a hashed SubPlan in the OR made the
    // planner scan every ticket (210 ms instead of 23 ms for "santos" at 99,999 tickets).
    parts.push(
      private_(
        Prisma.sql`t.payment_id = ANY (ARRAY(SELECT p.id FROM payments p WHERE p.reference_normalized =
          ${reference}::text))`,
      ),
    );
  }
  return Prisma.sql`(${Prisma.join(parts, " OR ")})`;
}

/** The list's filters as SQL conditions on `tickets t` (also Print stubs' "current filter", issue 22). */
export function ticketFilterConditions(
  filters: Pick<TicketFilters, "search" | "status" | "payment" | "user">,
  viewer?: Principal,
): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filters.status === "registered") conditions.push(Prisma.sql`t.registered_at IS NOT NULL`);
  if (filters.status === "unregistered") conditions.push(Prisma.sql`t.registered_at IS NULL`);
  if (filters.payment) conditions.push(Prisma.sql`t.payment_method = ${filters.payment}::text`);
  if (filters.user) {
    const user = filters.user;
    const byId = UUID.test(user) ? Prisma.sql` OR t.created_by_id = ${user.toLowerCase()}::uuid` : Prisma.empty;
    conditions.push(Prisma.sql`(t.creator_email = ${user.toLowerCase()}::text OR t.user_id = ${user}::text${byId})`);
  }
  if (filters.search) conditions.push(termCondition(filters.search, viewer));
  return conditions;
}

/**
 * The plain listing's page at any offset (issue 42): the page's keys are skipped to in the primary
 * key of `ticket_order_keys`, the list's order kept by triggers on tickets (decision 251), an
 * index-only scan that reads no table row while that table's visibility map is set, which
 * registrations never clear (they write tickets only); then only the page's rows are read. A plan
 * test holds it (tests/integration/tickets-deep-page-plan.test.ts).
 */
export function plainPageQuery(limit: number, offset: number): Prisma.Sql {
  return Prisma.sql`
        SELECT ${TICKET_COLUMNS}
        FROM (SELECT ticket_number, created_at FROM ticket_order_keys
              ORDER BY created_at DESC, ticket_number DESC LIMIT ${limit}::int OFFSET ${offset}::bigint) p
        JOIN tickets t ON t.ticket_number = p.ticket_number
        ORDER BY p.created_at DESC, p.ticket_number DESC`;
}

/**
 * Tickets newest first with their total. Unfiltered (or status-only) totals come from the
 * counters; filtered ones count the same filtered set, exactly, or with `count=capped` up to
 * TICKET_COUNT_CAP + 1 rows and no further (decision 081). Deep pages of the plain listing pick
 * the page from the (created_at, ticket_number) index alone, then fetch 10 rows; `after`/`before`
 * (a page's cursors) seek into that index instead of skipping, whatever the depth.
 */
async function queryTickets<T extends VisibleTicket = Ticket>(
  filters: TicketFilters,
  serialize: (row: Ticket) => T = (row) => row as T,
  viewer?: Principal,
) {
  const conditions = ticketFilterConditions(filters, viewer);
  const countsOnly = !filters.search && !filters.payment && !filters.user;
  const keyset = filters.after ?? filters.before;
  const backwards = !filters.after && !!filters.before;
  const pageConditions = [...conditions];
  if (keyset) {
    const c = parseCursor(keyset);
    pageConditions.push(
      backwards
        ? Prisma.sql`(t.created_at, t.ticket_number) > (${c.createdAt}::timestamptz, ${c.ticketNumber}::int)`
        : Prisma.sql`(t.created_at, t.ticket_number) < (${c.createdAt}::timestamptz, ${c.ticketNumber}::int)`,
    );
  }
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const pageWhere = pageConditions.length ? Prisma.sql`WHERE ${Prisma.join(pageConditions, " AND ")}` : Prisma.empty;
  const order = backwards ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const offset = keyset ? 0 : filters.offset;
  const capped = filters.count === "capped";
  // With the paging extras, one row more than the page says whether a page follows (hasNext).
  const extras = capped || !!keyset;
  const limit = filters.limit + (extras && !backwards ? 1 : 0);

  const rowsQuery = pageConditions.length
    ? run<Ticket>(Prisma.sql`
        SELECT ${TICKET_COLUMNS} FROM tickets t ${pageWhere}
        ORDER BY t.created_at ${order}, t.ticket_number ${order} LIMIT ${limit}::int OFFSET ${offset}::bigint`)
    : run<Ticket>(plainPageQuery(limit, offset));
  const totalQuery = countsOnly
    ? getTicketCounts().then((c) =>
        filters.status === "registered" ? c.registered : filters.status === "unregistered" ? c.unregistered : c.total,
      )
    : capped
      ? run<{ total: number }>(
          Prisma.sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM tickets t ${where} LIMIT
            ${TICKET_COUNT_CAP + 1}::int) m`,
        ).then((r) => r[0].total)
      : run<{ total: number }>(Prisma.sql`SELECT count(*)::int AS total FROM tickets t ${where}`).then(
          (r) => r[0].total,
        );

  const [found, counted] = await Promise.all([rowsQuery, totalQuery]);
  const rows = backwards ? found.reverse() : found.slice(0, filters.limit);
  const tickets = rows.map((row) => serialize(row));
  // The spec's answer is {tickets, total}; the paging extras come only to callers who ask for them.
  if (!extras) return { tickets, total: counted };
  const totalCapped = !countsOnly && counted > TICKET_COUNT_CAP;
  return {
    tickets,
    total: totalCapped ? TICKET_COUNT_CAP : counted,
    totalCapped,
    // Forward: the extra row. Backward (`before`): the page the cursor came from follows this one.
    hasNext: backwards ? rows.length > 0 : found.length > filters.limit,
    nextCursor: rows.length ? cursorOf(rows[rows.length - 1]) : null,
    prevCursor: rows.length ? cursorOf(rows[0]) : null,
  };
}

/** GET /api/tickets and /api/tickets/search: every ticket, any filter (administrators). */
export async function searchTickets(options: { principal: Principal; filters: TicketFilters }) {
  requireAdmin(options.principal);
  return queryTickets(options.filters);
}

/** GET /api/tickets/unregistered: tickets still free to register (any signed-in user). */
export async function listUnregisteredTickets(options: {
  principal: Principal;
  filters: Pick<TicketFilters, "search" | "limit" | "offset">;
}) {
  // Any signed-in user: the filter limits what is seen, and buyer contact details only show on
  // tickets the caller created or registered (server/tickets/ticket-privacy.ts).
  const { principal, filters } = options;
  return queryTickets(
    { search: filters.search, limit: filters.limit, offset: filters.offset, status: "unregistered" },
    (row) => serializeTicketFor(row, principal),
    principal,
  );
}
