import "server-only";
import { randomUUID } from "node:crypto";
import { formatTicketNumber } from "@/lib/ticket-number";
import type { AllocateStubsPayload } from "@/lib/schemas/remittance";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { violatesConstraint } from "@/server/http/db-errors";
import { AppError } from "@/server/http/errors";
import { findSellerOrThrow, sellerName } from "@/server/remittances/find-seller";

const ONE_HOLDER_INDEX = "stub_allocations_one_holder";

/** 409 already_allocated for the lowest stub of from–to someone holds, or null when none is held. */
async function heldInRange(from: number, to: number): Promise<AppError | null> {
  const [held] = await db().$queryRaw<{ ticket_number: number; holder: string }[]>`
    SELECT t.ticket_number, coalesce(nullif(btrim(u.display_name), ''), u.email) AS holder
    FROM stub_allocations a JOIN tickets t ON t.id = a.ticket_id JOIN users u ON u.id = a.seller_id
    WHERE a.returned_at IS NULL AND t.ticket_number BETWEEN ${from}::int AND ${to}::int
    ORDER BY t.ticket_number LIMIT 1`;
  return held
    ? new AppError(
        "already_allocated",
        `Ticket ${formatTicketNumber(held.ticket_number)} is already allocated to ${held.holder}`,
        {
          extra: { ticketNumber: formatTicketNumber(held.ticket_number) },
        },
      )
    : null;
}

/**
 * POST /api/sellers/{id}/allocations: an administrator hands a seller the stubs from–to (inclusive;
 * both ends must be existing tickets, numbers between that do not exist are skipped). All or nothing:
 * a stub another seller holds answers 409 already_allocated and allocates nothing. The database holds
 * "one holder at a time" (a partial unique index); two overlapping allocations at once: one wins.
 * Sold and voided stubs in the range are handed out too (they are simply not outstanding).
 */
export async function allocateStubs(options: {
  sellerId: string;
  payload: AllocateStubsPayload;
  principal: Principal;
}) {
  requireAdmin(options.principal);
  const { from, to } = options.payload;
  const user = options.principal.user;
  const seller = await findSellerOrThrow(options.sellerId);
  if (seller.isDisabled)
    throw new AppError("conflict", `${sellerName(seller)} is disabled: enable the account before handing them stubs`);
  const ends = await db().$queryRaw<{ ticket_number: number }[]>`
    SELECT ticket_number FROM tickets WHERE ticket_number IN (${from}::int, ${to}::int)`;
  for (const n of [from, to]) {
    if (!ends.some((e) => e.ticket_number === n))
      throw new AppError("not_found", `Ticket ${formatTicketNumber(n)} does not exist`);
  }
  const held = await heldInRange(from, to);
  if (held) throw held;
  const batchId = randomUUID();
  try {
    const count = await db().$transaction(async (tx) => {
      const inserted = await tx.$executeRaw`
        INSERT INTO stub_allocations (ticket_id, seller_id, batch_id, allocated_by_id)
        SELECT t.id, ${seller.id}::uuid, ${batchId}::uuid, ${user.id}::uuid
        FROM tickets t WHERE t.ticket_number BETWEEN ${from}::int AND ${to}::int
        ORDER BY t.ticket_number`;
      await writeAudit(tx, {
        actor: user,
        action: "stubs.allocate",
        entityId: batchId,
        after: { seller: sellerName(seller), seller_email: seller.email, from, to, count: inserted },
      });
      return inserted;
    });
    return {
      sellerId: seller.id,
      batchId,
      from: formatTicketNumber(from),
      to: formatTicketNumber(to),
      allocated: count,
    };
  } catch (error) {
    // Another allocation took one of these stubs between the check and the insert.
    if (violatesConstraint(error, ONE_HOLDER_INDEX))
      throw (
        (await heldInRange(from, to)) ??
        new AppError("already_allocated", "A stub in this range was just allocated to another seller")
      );
    throw error;
  }
}
