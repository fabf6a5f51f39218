import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { formatTicketNumber, parseTicketRef, toRanges } from "@/lib/ticket-number";
import type { ReturnStubsPayload } from "@/lib/schemas/remittance";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { findSellerOrThrow, sellerName } from "@/server/remittances/find-seller";

interface StubRow {
  ref: string;
  ticket_id: string | null;
  ticket_number: number | null;
  control_number: string | null;
  sold: boolean;
  holder_id: string | null;
}

/** SQL condition on alias `t` for one reference (id, number or control number). */
function refCondition(ref: string): Prisma.Sql {
  const parsed = parseTicketRef(ref);
  switch (parsed.kind) {
    case "id":
      return Prisma.sql`t.id = ${parsed.id}::uuid`;
    case "number":
      return Prisma.sql`t.ticket_number = ${parsed.ticketNumber}::int`;
    case "control":
      return Prisma.sql`t.ticket_number = ${parsed.ticketNumber}::int AND lower(t.control_number) =
        lower(${parsed.controlNumber}::text)`;
    default:
      return Prisma.sql`false`;
  }
}

/**
 * POST /api/sellers/{id}/returns: stubs the seller gives back unsold (administrators). All or nothing:
 * a stub that does not exist answers 404; one the seller does not hold, or one that is sold
 * (registered and not voided), answers 409. The tickets are locked (FOR SHARE) while checked, so a
 * registration cannot slip in between the check and the return. A voided stub may be returned.
 */
export async function returnStubs(options: { sellerId: string; payload: ReturnStubsPayload; principal: Principal }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const seller = await findSellerOrThrow(options.sellerId);
  const refs = [...new Set(options.payload.ticketIds)];
  return db().$transaction(async (tx) => {
    const lookups = refs.map(
      (ref) =>
        Prisma.sql`SELECT ${ref}::text AS ref, (SELECT t.id FROM tickets t WHERE ${refCondition(ref)}) AS ticket_id`,
    );
    const rows = await tx.$queryRaw<StubRow[]>`
      WITH r AS (${Prisma.join(lookups, " UNION ALL ")}),
      locked AS (SELECT t.* FROM tickets t WHERE t.id IN (SELECT ticket_id FROM r) FOR SHARE)
      SELECT r.ref, t.id::text AS ticket_id, t.ticket_number, t.control_number,
        (t.registered_at IS NOT NULL AND t.voided_at IS NULL) AS sold,
        (SELECT a.seller_id::text FROM stub_allocations a WHERE a.ticket_id = t.id AND a.returned_at IS NULL) AS
      holder_id
      FROM r LEFT JOIN locked t ON t.id = r.ticket_id`;
    for (const row of rows) {
      if (!row.ticket_id) throw new AppError("not_found", `Ticket ${row.ref} not found`);
    }
    const sorted = [...rows].sort((a, b) => a.ticket_number! - b.ticket_number!);
    for (const row of sorted) {
      const number = formatTicketNumber(row.ticket_number!);
      if (row.holder_id !== seller.id)
        throw new AppError("conflict", `Ticket ${number} is not held by ${sellerName(seller)}`);
      if (row.sold) throw new AppError("conflict", `Ticket ${number} is sold: only unsold stubs can be returned`);
    }
    const ids = sorted.map((r) => r.ticket_id!);
    await tx.$executeRaw`
      UPDATE stub_allocations SET returned_at = now(), returned_by_id = ${user.id}::uuid
      WHERE ticket_id = ANY(${ids}::uuid[]) AND seller_id = ${seller.id}::uuid AND returned_at IS NULL`;
    const numbers = toRanges(sorted.map((r) => r.ticket_number!));
    await writeAudit(tx, {
      actor: user,
      action: "stubs.return",
      entityId: seller.id,
      after: { seller: sellerName(seller), seller_email: seller.email, numbers },
    });
    return {
      sellerId: seller.id,
      returned: ids.length,
      numbers: sorted.map((r) => formatTicketNumber(r.ticket_number!)),
    };
  });
}
