import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { EVENT_NAME, isRegisteredBuyerName } from "@/lib/constants";
import type { Principal } from "@/server/auth/principal";
import type { PaymentPlan } from "@/server/payments/plan-payment";
import type { ValidImportRow } from "@/server/tickets/import-row-reader";
import { beforeSale, registrationStatement, type SaleRelation } from "@/server/tickets/registration";

// The CSV import's bulk statements (issue 36). Every row crosses as typed arrays read by one
// `unnest(...)`: PostgreSQL's array_unnest_support knows how many rows that is, so each join with
// tickets is planned as a hash join at any batch size (a json_array_elements relation is guessed at
// 100 rows, and the plans went quadratic). tests/integration/bulk-plans.test.ts EXPLAINs them.

/** The note a void read from a file carries (a void of reason 'other' needs one). */
export const IMPORTED_VOID_NOTE = "Voided before import (from the CSV file)";

export const sells = (r: ValidImportRow) => isRegisteredBuyerName(r.buyer_name);
const iso = (d: Date | undefined) => (d ? d.toISOString() : null);

/** A row that sells a ticket: a new one just inserted, or an existing unregistered one. */
export interface Sale {
  row: ValidImportRow;
  ticketId: string;
  isNew: boolean;
}

/**
 * One INSERT for every new ticket, answering number and id of those actually inserted. A row with
 * a real buyer goes in without its buyer's details (name, phone, e-mail, address): the
 * registration rule writes them. Written once, not twice: each of them feeds a trigram index,
 * which is most of the cost of writing a ticket (5,000 tickets: 0.97 s with the four trigram
 * indexes, 0.11 s without, load 5.5).
 */
export function insertTicketsStatement(rows: ValidImportRow[], o: { user: Principal["user"]; prefix: string; price: string }): Prisma.Sql {
  const col = <T>(pick: (r: ValidImportRow) => T) => rows.map(pick);
  return Prisma.sql`
    WITH x AS (
      SELECT * FROM unnest(${col((r) => r.id ?? null)}::uuid[], ${col((r) => r.control_number ?? null)}::text[], ${col((r) => r.ticket_number)}::int[],
        ${col((r) => (sells(r) ? null : (r.buyer_name ?? null)))}::text[], ${col((r) => (sells(r) ? null : (r.phone_number ?? null)))}::text[],
        ${col((r) => (sells(r) ? null : (r.email ?? null)))}::text[], ${col((r) => (sells(r) ? null : (r.address ?? null)))}::text[], ${col((r) => r.payment_method)}::text[], ${col((r) => r.status ?? (sells(r) ? "registered" : "active"))}::text[],
        ${col((r) => r.amount ?? null)}::numeric[], ${col((r) => iso(r.created_at))}::timestamptz[], ${col((r) => iso(r.updated_at))}::timestamptz[],
        ${col((r) => r.creator_email ?? null)}::text[], ${col((r) => r.creation_source ?? null)}::text[])
        AS x(id, control, n, buyer, phone, email, address, method, status, amount, created, updated, creator, source)
    )
    INSERT INTO tickets AS t (id, control_number, ticket_number, buyer_name, phone_number, email, address, payment_method,
      status, amount, user_id, created_by_id, creator_email, creator_name, creation_source, event_name, created_at, updated_at)
    SELECT coalesce(x.id, gen_random_uuid()),
      coalesce(x.control, ${o.prefix}::text || '-' || lpad(floor(random() * 1000)::int::text, 3, '0') || '-' || lpad(x.n::text, 5, '0')),
      x.n, x.buyer, x.phone, x.email, x.address, x.method, x.status,
      coalesce(x.amount, ${o.price}::numeric), ${o.user.email}::text, u.id,
      coalesce(x.creator, ${o.user.email}::text), u.display_name, coalesce(x.source, 'web'), ${EVENT_NAME}::text,
      coalesce(x.created, now()), coalesce(x.updated, x.created, now())
    FROM x LEFT JOIN users u ON u.email = lower(coalesce(x.creator, ${o.user.email}::text))
    ON CONFLICT DO NOTHING
    RETURNING t.ticket_number AS n, t.id::text AS id`;
}

/**
 * The sale relation of the registration rule over the import's sales: a new ticket keeps the file's
 * times (its registration time is the row's Updated At, else Created At) and status; an existing
 * one is registered now. The seller is the row's Seller Email if that is a user, else the ticket's
 * creator (a new ticket) or the importing administrator. The one join on tickets reads "before".
 */
export function importSaleRows(sales: Sale[], payments: Map<ValidImportRow, PaymentPlan>): SaleRelation {
  const col = <T>(pick: (s: Sale) => T) => sales.map(pick);
  return Prisma.sql`
    SELECT x.ticket_id, x.buyer_name, x.phone_number, x.email, x.address, x.payment_key, x.registered_at,
      su.id AS seller_id, x.status, ${beforeSale("o")} AS before
    FROM unnest(${col((s) => s.ticketId)}::uuid[], ${col((s) => s.row.buyer_name ?? null)}::text[], ${col((s) => s.row.phone_number ?? null)}::text[],
      ${col((s) => s.row.email ?? null)}::text[], ${col((s) => s.row.address ?? null)}::text[], ${col((s) => payments.get(s.row)!.key)}::text[],
      ${col((s) => (s.isNew ? (iso(s.row.updated_at) ?? iso(s.row.created_at)) : null))}::timestamptz[],
      ${col((s) => s.row.seller_email ?? (s.isNew ? (s.row.creator_email ?? null) : null))}::text[], ${col((s) => (s.isNew ? null : "registered"))}::text[])
      AS x(ticket_id, buyer_name, phone_number, email, address, payment_key, registered_at, seller_email, status)
    JOIN tickets o ON o.id = x.ticket_id
    LEFT JOIN users su ON su.email = lower(x.seller_email)`;
}

/** The registration rule over every sale of a batch; answers the numbers sold. */
export function sellTicketsStatement(sales: Sale[], payments: Map<ValidImportRow, PaymentPlan>, principal: Pick<Principal, "user">) {
  const plans = [...new Set(sales.map((s) => payments.get(s.row)!))];
  return { plans, statement: registrationStatement({ rows: importSaleRows(sales, payments), payments: plans, principal, source: "import", returning: "numbers" }) };
}

/** Voids read from the file, on the tickets this import created (after their sale, which a void would refuse). */
export function voidImportedStatement(rows: { row: ValidImportRow; id: string }[], user: Principal["user"]): Prisma.Sql {
  return Prisma.sql`
    WITH x AS (
      SELECT * FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.row.void_reason ?? null)}::text[], ${rows.map((r) => iso(r.row.voided_at))}::timestamptz[])
        AS x(id, reason, at)
    ),
    t AS (
      UPDATE tickets AS t SET voided_at = coalesce(x.at, now()), voided_by_id = ${user.id}::uuid, void_reason = x.reason,
        void_note = ${IMPORTED_VOID_NOTE}::text
      FROM x WHERE t.id = x.id AND t.voided_at IS NULL
      RETURNING t.*
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, after)
      SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.void', 'ticket', t.id::text,
        jsonb_build_object('control_number', t.control_number, 'reason', t.void_reason, 'note', t.void_note, 'source', 'import')
      FROM t
    )
    SELECT t.ticket_number AS n FROM t`;
}
