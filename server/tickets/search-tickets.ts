import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { phoneSearchDigits } from "@/lib/phone";
import type { SearchTicketsQuery } from "@/lib/schemas/ticket";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { sql } from "@/server/db/client";
import { getTicketCounts } from "@/server/tickets/ticket-counts";
import type { Ticket } from "@/lib/api/tickets";
import { serializeTicketFor, type VisibleTicket } from "@/server/tickets/ticket-privacy";
import { TICKET_COLUMNS, serializeTicket, type TicketRow } from "@/server/tickets/ticket-row";

export type TicketFilters = Partial<Pick<SearchTicketsQuery, "search" | "status" | "payment" | "user">> & { limit: number; offset: number };

/** Straight to the driver: list and search are the Tickets screen's every keystroke and page. */
const run = <T>(query: Prisma.Sql) => sql<T>(query.text, query.values);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search term: the ticket id exactly, or a case-insensitive substring of control number,
 * buyer name or email (trigram indexes), or part of the phone in any written form.
 */
function termCondition(term: string): Prisma.Sql {
  if (UUID.test(term)) return Prisma.sql`t.id = ${term.toLowerCase()}::uuid`;
  const like = `%${likeEscape(term)}%`;
  const parts = [
    Prisma.sql`t.control_number ILIKE ${like}`,
    Prisma.sql`t.buyer_name ILIKE ${like}`,
    Prisma.sql`t.email ILIKE ${like}`,
  ];
  const digits = phoneSearchDigits(term);
  if (digits) parts.push(Prisma.sql`t.phone_number LIKE ${`%${digits}%`}`);
  return Prisma.sql`(${Prisma.join(parts, " OR ")})`;
}

function whereClause(filters: TicketFilters): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filters.status === "registered") conditions.push(Prisma.sql`t.registered_at IS NOT NULL`);
  if (filters.status === "unregistered") conditions.push(Prisma.sql`t.registered_at IS NULL`);
  if (filters.payment) conditions.push(Prisma.sql`t.payment_method = ${filters.payment}::text`);
  if (filters.user) {
    const user = filters.user;
    const byId = UUID.test(user) ? Prisma.sql` OR t.created_by_id = ${user.toLowerCase()}::uuid` : Prisma.empty;
    conditions.push(Prisma.sql`(t.creator_email = ${user.toLowerCase()}::text OR t.user_id = ${user}::text${byId})`);
  }
  if (filters.search) conditions.push(termCondition(filters.search));
  return conditions;
}

/**
 * Tickets newest first with their total. Unfiltered (or status-only) totals come from the
 * counters; filtered ones count the same filtered set. Deep pages of the plain listing pick
 * the page from the (created_at, ticket_number) index alone, then fetch 10 rows.
 */
async function queryTickets<T extends VisibleTicket = Ticket>(
  filters: TicketFilters,
  serialize: (row: TicketRow) => T = serializeTicket as (row: TicketRow) => T,
) {
  const conditions = whereClause(filters);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const countsOnly = !filters.search && !filters.payment && !filters.user;

  const rowsQuery = conditions.length
    ? run<TicketRow>(Prisma.sql`
        SELECT ${TICKET_COLUMNS} FROM tickets t ${where}
        ORDER BY t.created_at DESC, t.ticket_number DESC LIMIT ${filters.limit}::int OFFSET ${filters.offset}::bigint`)
    : run<TicketRow>(Prisma.sql`
        SELECT ${TICKET_COLUMNS}
        FROM (SELECT ticket_number, created_at FROM tickets
              ORDER BY created_at DESC, ticket_number DESC LIMIT ${filters.limit}::int OFFSET ${filters.offset}::bigint) p
        JOIN tickets t ON t.ticket_number = p.ticket_number
        ORDER BY p.created_at DESC, p.ticket_number DESC`);
  const totalQuery = countsOnly
    ? getTicketCounts().then((c) => (filters.status === "registered" ? c.registered : filters.status === "unregistered" ? c.unregistered : c.total))
    : run<{ total: number }>(Prisma.sql`SELECT count(*)::int AS total FROM tickets t ${where}`).then((r) => r[0].total);

  const [rows, total] = await Promise.all([rowsQuery, totalQuery]);
  return { tickets: rows.map((row) => serialize(row)), total };
}

/** GET /api/tickets and /api/tickets/search: every ticket, any filter (administrators). */
export async function searchTickets(options: { principal: Principal; filters: TicketFilters }) {
  requireAdmin(options.principal);
  return queryTickets(options.filters);
}

/** GET /api/tickets/unregistered: tickets still free to register (any signed-in user). */
export async function listUnregisteredTickets(options: { principal: Principal; filters: Pick<TicketFilters, "search" | "limit" | "offset"> }) {
  // Any signed-in user: the filter limits what is seen, and buyer contact details only show on
  // tickets the caller created or registered (server/tickets/ticket-privacy.ts).
  const { principal, filters } = options;
  return queryTickets({ search: filters.search, limit: filters.limit, offset: filters.offset, status: "unregistered" }, (row) =>
    serializeTicketFor(row, principal),
  );
}
