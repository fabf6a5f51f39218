import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { sql } from "@/server/db/client";
import { parseTicketRef } from "@/lib/ticket-number";
import { AppError } from "@/server/http/errors";
import { TICKET_COLUMNS, type Ticket } from "@/server/tickets/ticket-select";

type Tx = Prisma.TransactionClient;

export const TICKET_NOT_FOUND = "Ticket not found";
export const TICKET_NOT_FOUND_BY_TERM = "Ticket not found with the provided control number or last 5 digits";

/**
 * SQL condition on alias `t` for a ticket named by id, ticket number or control number (any
 * case); null when the reference cannot name a ticket. Every form goes through a unique index.
 */
export function ticketRefCondition(input: string | number): Prisma.Sql | null {
  const ref = parseTicketRef(input);
  switch (ref.kind) {
    case "id":
      return Prisma.sql`t.id = ${ref.id}::uuid`;
    case "number":
      return Prisma.sql`t.ticket_number = ${ref.ticketNumber}::int`;
    case "control":
      return Prisma.sql`t.ticket_number = ${ref.ticketNumber}::int AND lower(t.control_number) =
        lower(${ref.controlNumber}::text)`;
    default:
      return null;
  }
}

/**
 * One ticket by reference. Outside a transaction the statement goes straight to the driver
 * (server/db/client.ts `sql`): the lookup is the hottest read of the API, and Prisma's raw-query
 * path cost more than the database did (docs/performance.md).
 */
export async function findTicket(ref: string | number, tx?: Tx): Promise<Ticket | null> {
  const condition = ticketRefCondition(ref);
  if (!condition) return null;
  const query = Prisma.sql`SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${condition}`;
  // Named per form of reference (its text is fixed per form): planned once per connection (decision 220).
  const rows = tx
    ? await tx.$queryRaw<Ticket[]>(query)
    : await sql<Ticket>(query.text, query.values, `ticket_by_${parseTicketRef(ref).kind}`);
  return rows[0] ?? null;
}

export async function getTicketOrThrow(ref: string | number, message = TICKET_NOT_FOUND, tx?: Tx) {
  const row = await findTicket(ref, tx);
  if (!row) throw new AppError("not_found", message);
  return row;
}
