import "server-only";
import { auditAction } from "@/server/audit";
import { randomInt } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { EVENT_NAME, isRegisteredBuyerName } from "@/lib/constants";
import type { GenerateTicketPayload } from "@/lib/schemas/ticket";
import { effectiveTicketLimit, formatTicketNumber } from "@/lib/ticket-number";
import type { Principal } from "@/server/auth/principal";
import { AppError } from "@/server/http/errors";
import { getSettings } from "@/server/settings/get-settings";
import { planPayment } from "@/server/payments/plan-payment";
import { allocateLowestFreeNumbers } from "@/server/tickets/free-numbers";
import { runRegistration } from "@/server/tickets/register-ticket";
import { registrationStatement, saleRowsWhere } from "@/server/tickets/registration";
import { TICKET_COLUMNS, type Ticket } from "@/server/tickets/ticket-select";
import { lockTicketNumbers, ticketTransaction } from "@/server/tickets/ticket-transaction";

export type CreationSource = "web" | "app";

const randomMiddle = () => String(randomInt(0, 1000)).padStart(3, "0");

/**
 * Creates 1-100 tickets for one buyer in one transaction: the lowest free numbers (or the
 * custom one), priced from the settings, with one audit row per ticket. All or nothing. With a
 * real buyer the tickets are sold at once: inserted blank, then registered by the registration
 * rule (one payment for them all, the creator as seller) in the same transaction.
 */
export async function generateTickets(options: {
  payload: GenerateTicketPayload;
  principal: Principal;
  source: CreationSource;
}): Promise<Ticket[]> {
  const { payload, principal, source } = options;
  const now = Date.now();
  const sells = isRegisteredBuyerName(payload.buyer_name);
  const paymentReference =
    payload.payment_reference ?? `${payload.payment_method === "cash" ? "CASH_PAYMENT_" : "REF_"}${now}`;
  const payer = { name: payload.buyer_name, phone: payload.phone_number ?? null };
  const payment = sells
    ? await planPayment({
        choice: {
          paymentMethod: payload.payment_method,
          paymentReference: payload.payment_method === "gcash" ? payload.gcash_reference : paymentReference,
          confirmReference: payload.confirmReference,
        },
        stub: null,
        buyer: payer,
        principal,
      })
    : null;
  return runRegistration(
    () =>
      ticketTransaction(async (tx) => {
        await lockTicketNumbers(tx);
        const settings = await getSettings(tx);
        const limit = effectiveTicketLimit(settings.maxTicketLimit);
        const numbers = payload.customLastDigits
          ? await claimCustomNumber(tx, Number(payload.customLastDigits), limit)
          : await allocateLowestFreeNumbers(tx, { count: payload.quantity, limit });
        if (numbers.length < payload.quantity) {
          const free = numbers.length;
          throw new AppError(
            "limit_reached",
            `Ticket limit reached: the maximum of ${limit} tickets ` +
              `allows ${free === 0 ? "no more tickets" : `only ${free} more ticket${free === 1 ? "" : "s"}`}.`,
          );
        }
        const middles = numbers.map(() => payload.customMiddleDigits ?? randomMiddle());
        const user = principal.user;
        // A sold ticket's buyer is written by the registration rule below; a placeholder name ("N/A") is kept as given.
        const stubBuyer = sells ? null : payload.buyer_name;
        const inserted = await tx.$queryRaw<Ticket[]>`
      WITH t AS (
        INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, email, address,
          payment_method, gcash_reference, payment_reference, status, amount, user_id, created_by_id,
          creator_email, creator_name, creation_source, event_name, created_at, updated_at)
        SELECT gen_random_uuid(), ${settings.ticketPrefix}::text || '-' || x.mid || '-' || lpad(x.n::text, 5, '0'), x.n,
          ${stubBuyer}::text, ${payload.phone_number ?? null}::text, ${payload.email ?? null}::text,
          ${payload.address ?? null}::text, ${payload.payment_method}::text, ${payload.gcash_reference ?? null}::text,
          ${paymentReference}::text, 'active', ${settings.ticketPrice.toString()}::numeric,
          ${payload.user_id ?? `web-admin-${now}`}::text, ${user.id}::uuid, ${user.email}::text,
          ${user.displayName}::text,
          ${source}::text, ${payload.event_name ?? EVENT_NAME}::text, now(), now()
        FROM unnest(${numbers}::int[], ${middles}::text[]) AS x(n, mid)
        RETURNING *
      ), audit AS (
        INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, after)
        SELECT ${user.id}::uuid, ${user.email}::text, ${auditAction("ticket.generate")}::text, 'ticket', t.id::text,
          to_jsonb(t) FROM t
      )
      SELECT ${TICKET_COLUMNS} FROM t ORDER BY t.ticket_number`;
        if (!payment) return inserted;
        const buyer = {
          buyerName: payload.buyer_name,
          phoneNumber: payload.phone_number ?? null,
          email: payload.email,
          address: payload.address,
        };
        const ids = inserted.map((t) => t.id);
        return tx.$queryRaw<Ticket[]>(
          registrationStatement({
            rows: saleRowsWhere(Prisma.sql`t.id = ANY(${ids}::uuid[])`, buyer, { status: null }),
            payments: [payment.plan],
            principal,
            source: "generate",
            audit: payment.audit,
          }),
        );
      }),
    payment ? [payment.plan] : [],
    payer,
  );
}

/** A custom ticket number: within the limit and free, else a 400 or a 409 naming its holder. */
async function claimCustomNumber(tx: Prisma.TransactionClient, n: number, limit: number) {
  if (n < 1 || n > limit) {
    throw new AppError("bad_request", `Ticket number must be between 00001 and ${formatTicketNumber(limit)}.`);
  }
  const holder = await tx.$queryRaw<
    { control_number: string }[]
  >`SELECT control_number FROM tickets WHERE ticket_number = ${n}::int`;
  if (holder[0]) {
    throw new AppError(
      "conflict",
      `Ticket number ${formatTicketNumber(n)} is already taken by ticket ${holder[0].control_number}.`,
    );
  }
  return [n];
}
