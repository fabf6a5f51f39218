import "server-only";
import { EVENT_NAME, MAX_TICKET_NUMBER } from "@/lib/constants";
import type { CustomRangePayload } from "@/lib/schemas/ticket";
import { effectiveTicketLimit, formatTicketNumber, toRanges } from "@/lib/ticket-number";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { writeAudit } from "@/server/audit";
import { getSettings } from "@/server/settings/get-settings";
import type { Ticket } from "@/server/tickets/ticket-select";
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
    // Every created ticket shares these values; only id, control number and number differ. The
    // INSERT returns just those three, and the rows are completed here: decoding 10,000 full
    // rows through the driver cost more than inserting them.
    // now() at the columns' precision
    const [{ now }] = await tx.$queryRaw<{ now: Date }[]>`SELECT now()::timestamptz(3) AS now`;
    const shared = {
      buyer_name: null,
      phone_number: null,
      email: null,
      address: null,
      payment_method: "cash",
      gcash_reference: null,
      payment_reference: null,
      status: "active",
      amount: Number(settings.ticketPrice),
      user_id: userId,
      created_by_id: user.id,
      creator_email: user.email,
      creator_name: user.displayName,
      creation_source: "web",
      event_name: EVENT_NAME,
      is_registered: false,
      registered_at: null,
      registered_by_id: null,
      seller_email: null,
      payment_id: null,
      payment: null,
      voided_at: null,
      void_reason: null,
      void_note: null,
      voided_by: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    } satisfies Omit<Ticket, "ticket_id" | "id" | "control_number" | "ticket_number" | "last_5_digits">;
    // bigint bounds: a range far above the limit is valid input (reported in `errors`), not an int overflow.
    const inserted = await tx.$queryRaw<Pick<Ticket, "id" | "control_number" | "ticket_number">[]>`
      INSERT INTO tickets AS t (id, control_number, ticket_number, payment_method, status, amount, user_id,
        created_by_id, creator_email, creator_name, creation_source, event_name, created_at, updated_at)
      SELECT gen_random_uuid(),
        ${settings.ticketPrefix}::text || '-' || lpad(floor(random() * 1000)::int::text, 3, '0') || '-' || lpad(n::text,
      5, '0'),
        n, ${shared.payment_method}::text, ${shared.status}::text, ${settings.ticketPrice.toString()}::numeric,
      ${shared.user_id}::text,
        ${shared.created_by_id}::uuid, ${shared.creator_email}::text, ${shared.creator_name}::text,
        ${shared.creation_source}::text, ${shared.event_name}::text, ${now}::timestamptz, ${now}::timestamptz
      FROM generate_series(${startRange}::bigint, LEAST(${endRange}::bigint, ${limit}::bigint)) AS n
      ON CONFLICT DO NOTHING
      RETURNING t.id::text AS id, t.control_number, t.ticket_number`;
    const rows: Ticket[] = inserted.map((r) => ({
      ticket_id: r.id,
      id: r.id,
      control_number: r.control_number,
      ticket_number: r.ticket_number,
      last_5_digits: formatTicketNumber(r.ticket_number),
      ...shared,
    }));
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
      errors.push({
        number: n,
        error:
          n > MAX_TICKET_NUMBER
            ? `Ticket numbers have 5 digits (maximum ${MAX_TICKET_NUMBER})`
            : `Above the maximum ticket limit (${limit})`,
      });
    } else if (!created.has(n)) skipped.push(n);
  }
  return {
    success: true as const,
    message:
      `Generated ${rows.length} ticket${rows.length === 1 ? "" : "s"}` +
      (skipped.length ? `, skipped ${skipped.length} already taken` : "") +
      (errors.length ? `, ${errors.length} failed` : ""),
    stats: {
      generated: rows.length,
      skipped: skipped.length,
      failed: errors.length,
      requested: endRange - startRange + 1,
      startRange,
      endRange,
    },
    tickets: rows,
    skipped,
    errors,
  };
}
