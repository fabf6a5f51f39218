import "server-only";
import { EVENT_NAME, MAX_TICKET_NUMBER } from "@/lib/constants";
import type { CustomRangePayload } from "@/lib/schemas/ticket";
import { effectiveTicketLimit, toRanges } from "@/lib/ticket-number";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { writeAudit } from "@/server/audit";
import { getSettings } from "@/server/settings/get-settings";
import { TICKET_COLUMNS, serializeTicket, type TicketRow } from "@/server/tickets/ticket-row";
import { lockTicketNumbers, ticketTransaction } from "@/server/tickets/ticket-transaction";

/**
 * Creates unregistered tickets for every free number of startRange..endRange (at most 10,000)
 * in one INSERT ... ON CONFLICT DO NOTHING: taken numbers are skipped and listed; numbers above
 * the ticket limit are reported in `errors`. One audit row names the numbers created and skipped.
 */
export async function generateCustomRange(options: { payload: CustomRangePayload; principal: Principal }) {
  requireAdmin(options.principal);
  const { startRange, endRange, userId } = options.payload;
  const user = options.principal.user;
  const { rows, limit } = await ticketTransaction(async (tx) => {
    await lockTicketNumbers(tx);
    const settings = await getSettings(tx);
    const limit = effectiveTicketLimit(settings.maxTicketLimit);
    // bigint bounds: a range far above the limit is valid input (reported in `errors`), not an int overflow.
    const rows = await tx.$queryRaw<TicketRow[]>`
      INSERT INTO tickets AS t (id, control_number, ticket_number, payment_method, status, amount, user_id,
        created_by_id, creator_email, creator_name, creation_source, event_name, created_at, updated_at)
      SELECT gen_random_uuid(),
        ${settings.ticketPrefix}::text || '-' || lpad(floor(random() * 1000)::int::text, 3, '0') || '-' || lpad(n::text, 5, '0'),
        n, 'cash', 'active', ${settings.ticketPrice.toString()}::numeric, ${userId}::text,
        ${user.id}::uuid, ${user.email}::text, ${user.displayName}::text, 'web', ${EVENT_NAME}::text, now(), now()
      FROM generate_series(${startRange}::bigint, LEAST(${endRange}::bigint, ${limit}::bigint)) AS n
      ON CONFLICT DO NOTHING
      RETURNING ${TICKET_COLUMNS}`;
    rows.sort((a, b) => a.ticket_number - b.ticket_number);
    const created = new Set(rows.map((r) => r.ticket_number));
    const skipped: number[] = [];
    for (let n = startRange; n <= Math.min(endRange, limit); n++) if (!created.has(n)) skipped.push(n);
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "ticket.custom_range",
      entityType: "ticket_range",
      entityId: `${startRange}-${endRange}`,
      after: { userId, created: toRanges([...created]), skipped: toRanges(skipped) },
    });
    return { rows, limit };
  });

  const created = new Set(rows.map((r) => r.ticket_number));
  const skipped: number[] = [];
  const errors: { number: number; error: string }[] = [];
  for (let n = startRange; n <= endRange; n++) {
    if (n > limit) {
      errors.push({ number: n, error: n > MAX_TICKET_NUMBER ? `Ticket numbers have 5 digits (maximum ${MAX_TICKET_NUMBER})` : `Above the maximum ticket limit (${limit})` });
    } else if (!created.has(n)) skipped.push(n);
  }
  return {
    success: true,
    message: `Generated ${rows.length} ticket${rows.length === 1 ? "" : "s"}` + (skipped.length ? `, skipped ${skipped.length} already taken` : "") + (errors.length ? `, ${errors.length} failed` : ""),
    stats: { generated: rows.length, skipped: skipped.length, failed: errors.length, requested: endRange - startRange + 1, startRange, endRange },
    tickets: rows.map(serializeTicket),
    skipped,
    errors,
  };
}
