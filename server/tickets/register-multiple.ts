import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { RegisterMultiplePayload } from "@/lib/schemas/ticket";
import { parseTicketRef, type TicketRef } from "@/lib/ticket-number";
import { registrability } from "@/lib/registrability";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { planPayment } from "@/server/payments/plan-payment";
import { registrationStatement, saleRowsWhere } from "@/server/tickets/registration";
import { requireRealBuyer, runRegistration } from "@/server/tickets/register-ticket";
import type { Ticket } from "@/server/tickets/ticket-select";

interface Candidate {
  id: string;
  ticket_number: number;
  control_number: string;
  buyer_name: string | null;
  payment_method: string;
  gcash_reference: string | null;
  payment_reference: string | null;
  void_reason: string | null;
  is_registered: boolean;
  is_voided: boolean;
}

/** The candidates' columns: what the payment plan reads, and the facts lib/registrability.ts decides on. */
const CANDIDATE_COLUMNS = Prisma.sql`id, ticket_number, control_number, buyer_name, payment_method, gcash_reference,
  payment_reference, void_reason,
  registered_at IS NOT NULL AS is_registered, voided_at IS NOT NULL AS is_voided`;

/**
 * POST /api/tickets/register-multiple: one buyer for up to 100 tickets named by id, control
 * number or ticket number. One conditional UPDATE registers every ticket still unregistered
 * (each at most once); every other reference gets an error line naming it.
 */
export async function registerMultiple(options: { payload: RegisterMultiplePayload; principal: Principal }) {
  const { payload, principal } = options;
  requireRealBuyer(payload.buyerName);
  // One entry per distinct reference: "99", "00099" and 99 name the same number.
  const byKey = new Map<string, { ref: string; parsed: TicketRef }>();
  for (const raw of payload.ticketIds) {
    const ref = String(raw).trim();
    const p = parseTicketRef(ref);
    const key =
      p.kind === "id"
        ? `id:${p.id}`
        : p.kind === "number"
          ? `n:${p.ticketNumber}`
          : p.kind === "control"
            ? `c:${p.controlNumber.toLowerCase()}`
            : `x:${ref}`;
    if (!byKey.has(key)) byKey.set(key, { ref, parsed: p });
  }
  const parsed = [...byKey.values()];
  const ids = parsed.flatMap((p) => (p.parsed.kind === "id" ? [p.parsed.id] : []));
  const numbers = parsed.flatMap((p) =>
    p.parsed.kind === "number" || p.parsed.kind === "control" ? [p.parsed.ticketNumber] : [],
  );

  const candidates = await db().$queryRaw<Candidate[]>`
    SELECT ${CANDIDATE_COLUMNS} FROM tickets
    WHERE id = ANY(${ids}::uuid[]) OR ticket_number = ANY(${numbers}::int[])`;

  const errors: string[] = [];
  const wanted = new Map<string, string>(); // ticket id → the reference that named it
  const refused = new Set<string>(); // void or registered already: refused before the write
  let notFound = 0;
  for (const { ref, parsed: p } of parsed) {
    const match = candidates.find((c) =>
      p.kind === "id"
        ? c.id === p.id
        : p.kind === "number"
          ? c.ticket_number === p.ticketNumber
          : p.kind === "control"
            ? c.ticket_number === p.ticketNumber && c.control_number.toLowerCase() === p.controlNumber.toLowerCase()
            : false,
    );
    if (!match) {
      errors.push(`Ticket ${ref}: Ticket not found`);
      notFound += 1;
    } else if (!wanted.has(match.id) && !refused.has(match.id)) {
      const refusal = registrability(match);
      if (refusal) {
        refused.add(match.id);
        errors.push(`Ticket ${match.control_number}: ${refusal.message}`);
      } else wanted.set(match.id, ref);
    }
  }

  const targetIds = [...wanted.keys()];
  const payer = { name: payload.buyerName, phone: payload.phoneNumber };
  let rows: Ticket[] = [];
  if (targetIds.length) {
    // One payment for the whole registration: the request's method and reference, or the stub
    // defaults of the lowest-numbered ticket asked for.
    const stub =
      candidates.filter((c) => wanted.has(c.id)).sort((a, b) => a.ticket_number - b.ticket_number)[0] ?? null;
    const { plan, audit } = await planPayment({ choice: payload, stub, buyer: payer, principal });
    const statement = registrationStatement({
      rows: saleRowsWhere(Prisma.sql`t.id = ANY(${targetIds}::uuid[])`, payload, { status: "registered" }),
      payments: [plan],
      principal,
      source: "register_multiple",
      audit,
    });
    rows = await runRegistration(() => db().$queryRaw<Ticket[]>(statement), [plan], payer);
  }
  const registered = new Set(rows.map((r) => r.id));
  const lost = targetIds.filter((id) => !registered.has(id));
  if (lost.length) {
    // The database said no: a ticket was registered (or voided) by someone else a moment ago. Re-read, say why.
    const current = await db().$queryRaw<
      Candidate[]
    >`SELECT ${CANDIDATE_COLUMNS} FROM tickets WHERE id = ANY(${lost}::uuid[])`;
    for (const id of lost) {
      const row = current.find((c) => c.id === id);
      const refusal = row ? registrability(row) : null;
      errors.push(
        !row
          ? `Ticket ${wanted.get(id)}: Ticket not found`
          : `Ticket ${row.control_number}: ` +
              `${refusal?.message ?? "The ticket could not be " + "registered. Please try again."}`,
      );
    }
  }

  rows.sort((a, b) => a.ticket_number - b.ticket_number);
  const count = rows.length;
  // Each ticket counts once, however many of its references (id, control number, number) came.
  const totalRequested = wanted.size + refused.size + notFound;
  return {
    success: count > 0,
    message:
      count > 0 ? `Successfully registered ${count} ticket${count === 1 ? "" : "s"}` : "No tickets were registered",
    totalRequested,
    registeredCount: count,
    registeredTickets: rows,
    errors,
  };
}
