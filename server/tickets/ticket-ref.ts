import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { parseTicketRef } from "@/lib/ticket-number";
import { AppError } from "@/server/http/errors";
import { TICKET_COLUMNS, type TicketRow } from "@/server/tickets/ticket-row";

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
      return Prisma.sql`t.ticket_number = ${ref.ticketNumber}::int AND lower(t.control_number) = lower(${ref.controlNumber}::text)`;
    default:
      return null;
  }
}

export async function findTicket(ref: string | number, tx: Tx = db()): Promise<TicketRow | null> {
  const condition = ticketRefCondition(ref);
  if (!condition) return null;
  const rows = await tx.$queryRaw<TicketRow[]>`SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${condition}`;
  return rows[0] ?? null;
}

export async function getTicketOrThrow(ref: string | number, message = TICKET_NOT_FOUND, tx: Tx = db()) {
  const row = await findTicket(ref, tx);
  if (!row) throw new AppError("not_found", message);
  return row;
}

export const alreadyRegistered = (buyer: string | null) => new AppError("already_registered", `Already registered to: ${buyer ?? ""}`);
