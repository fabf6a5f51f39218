import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { RegisterMultiplePayload } from "@/lib/schemas/ticket";
import { parseTicketRef, type TicketRef } from "@/lib/ticket-number";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { registrationStatement } from "@/server/tickets/register-ticket";
import { serializeTicket, type TicketRow } from "@/server/tickets/ticket-row";

interface Candidate {
  id: string;
  ticket_number: number;
  control_number: string;
  buyer_name: string | null;
}

/**
 * POST /api/tickets/register-multiple: one buyer for up to 100 tickets named by id, control
 * number or ticket number. One conditional UPDATE registers every ticket still unregistered
 * (each at most once); every other reference gets an error line naming it.
 */
export async function registerMultiple(options: { payload: RegisterMultiplePayload; principal: Principal }) {
  const { payload, principal } = options;
  // One entry per distinct reference: "99", "00099" and 99 name the same number.
  const byKey = new Map<string, { ref: string; parsed: TicketRef }>();
  for (const raw of payload.ticketIds) {
    const ref = String(raw).trim();
    const p = parseTicketRef(ref);
    const key = p.kind === "id" ? `id:${p.id}` : p.kind === "number" ? `n:${p.ticketNumber}` : p.kind === "control" ? `c:${p.controlNumber.toLowerCase()}` : `x:${ref}`;
    if (!byKey.has(key)) byKey.set(key, { ref, parsed: p });
  }
  const parsed = [...byKey.values()];
  const ids = parsed.flatMap((p) => (p.parsed.kind === "id" ? [p.parsed.id] : []));
  const numbers = parsed.flatMap((p) => (p.parsed.kind === "number" || p.parsed.kind === "control" ? [p.parsed.ticketNumber] : []));

  const candidates = await db().$queryRaw<Candidate[]>`
    SELECT id, ticket_number, control_number, buyer_name FROM tickets
    WHERE id = ANY(${ids}::uuid[]) OR ticket_number = ANY(${numbers}::int[])`;

  const errors: string[] = [];
  const wanted = new Map<string, string>(); // ticket id → the reference that named it
  let notFound = 0;
  for (const { ref, parsed: p } of parsed) {
    const match = candidates.find((c) =>
      p.kind === "id" ? c.id === p.id
      : p.kind === "number" ? c.ticket_number === p.ticketNumber
      : p.kind === "control" ? c.ticket_number === p.ticketNumber && c.control_number.toLowerCase() === p.controlNumber.toLowerCase()
      : false,
    );
    if (!match) {
      errors.push(`Ticket ${ref}: Ticket not found`);
      notFound += 1;
    }
    else if (!wanted.has(match.id)) wanted.set(match.id, ref);
  }

  const targetIds = [...wanted.keys()];
  const rows = targetIds.length
    ? await db().$queryRaw<TicketRow[]>(registrationStatement(Prisma.sql`t.id = ANY(${targetIds}::uuid[])`, payload, principal))
    : [];
  const registered = new Set(rows.map((r) => r.id));
  const refused = targetIds.filter((id) => !registered.has(id));
  if (refused.length) {
    // Re-read: a ticket may have been registered by someone else a moment ago.
    const current = await db().$queryRaw<Candidate[]>`
      SELECT id, ticket_number, control_number, buyer_name FROM tickets WHERE id = ANY(${refused}::uuid[])`;
    for (const id of refused) {
      const row = current.find((c) => c.id === id);
      errors.push(row ? `Ticket ${row.control_number}: Already registered to: ${row.buyer_name ?? ""}` : `Ticket ${wanted.get(id)}: Ticket not found`);
    }
  }

  rows.sort((a, b) => a.ticket_number - b.ticket_number);
  const count = rows.length;
  // Each ticket counts once, however many of its references (id, control number, number) came.
  const totalRequested = wanted.size + notFound;
  return {
    success: count > 0,
    message: count > 0 ? `Successfully registered ${count} ticket${count === 1 ? "" : "s"}` : "No tickets were registered",
    totalRequested,
    registeredCount: count,
    registeredTickets: rows.map(serializeTicket),
    errors,
  };
}
