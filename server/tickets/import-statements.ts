import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { EVENT_NAME, isRegisteredBuyerName } from "@/lib/constants";
import type { Principal } from "@/server/auth/principal";
import type { PaymentPlan } from "@/server/payments/plan-payment";
import type { ValidImportRow } from "@/server/tickets/import-row-reader";
import {
  beforeSale,
  registrationInsertStatement,
  registrationStatement,
  type SaleRelation,
} from "@/server/tickets/registration";

// The CSV import's bulk statements (issue 36). Every row crosses as typed arrays read by one
// `unnest(...)`: PostgreSQL's array_unnest_support knows how many rows that is, so each join with
// tickets is planned as a hash join at any batch size (a json_array_elements relation is guessed at
// 100 rows, and the plans went quadratic). tests/integration/bulk-plans.test.ts EXPLAINs them.

/** The note a void read from a file carries (a void of reason 'other' needs one). */
export const IMPORTED_VOID_NOTE = "Voided before import (from the CSV file)";

export const sells = (r: ValidImportRow) => isRegisteredBuyerName(r.buyer_name);
const iso = (d: Date | undefined) => (d ? d.toISOString() : null);

/** A row that sells an existing unregistered ticket. */
export interface Sale {
  row: ValidImportRow;
  ticketId: string;
}

/** The columns of a new ticket read from the file, as one `unnest` relation `x` (typed arrays, issue 36). */
function newTicketColumns(rows: ValidImportRow[], sale?: { keys: string[] }): Prisma.Sql {
  const withSale = !!sale;
  const col = <T>(pick: (r: ValidImportRow) => T) => rows.map(pick);
  return Prisma.sql`
      SELECT * FROM unnest(${col((r) => r.id ?? null)}::uuid[], ${col((r) => r.control_number ?? null)}::text[],
    ${col((r) => r.ticket_number)}::int[],
        ${col((r) => r.buyer_name ?? null)}::text[], ${col((r) => r.phone_number ?? null)}::text[],
    ${col((r) => r.email ?? null)}::text[],
        ${col((r) => r.address ?? null)}::text[], ${col((r) => r.payment_method)}::text[],
    ${col((r) => r.status ?? (withSale ? "registered" : "active"))}::text[],
        ${col((r) => r.amount ?? null)}::numeric[], ${col((r) => iso(r.created_at))}::timestamptz[],
    ${col((r) => iso(r.updated_at))}::timestamptz[],
        ${col((r) => r.creator_email ?? null)}::text[], ${col((r) => r.creation_source ?? null)}::text[],
    ${col((r) => r.seller_email ?? null)}::text[],
        ${sale?.keys ?? col(() => null)}::text[])
        AS x(id, control, n, buyer, phone, email, address, method, status, amount, created, updated, creator, source,
    seller, payment_key)`;
}

/** A new ticket's id and control number: the file's, else a fresh id and `PREFIX-rrr-nnnnn`. */
const newTicketIdentity = (prefix: string) => Prisma.sql`coalesce(x.id, gen_random_uuid()),
      coalesce(x.control, ${prefix}::text || '-' || lpad(floor(random() * 1000)::int::text, 3, '0') || '-' ||
  lpad(x.n::text, 5, '0'))`;

/**
 * One INSERT for every new ticket without a buyer (a row with one is created sold by
 * `createSoldTicketsStatement`), answering number and id of those actually inserted.
 */
export function insertTicketsStatement(
  rows: ValidImportRow[],
  o: { user: Principal["user"]; prefix: string; price: string },
): Prisma.Sql {
  return Prisma.sql`
    WITH x AS (${newTicketColumns(rows)})
    INSERT INTO tickets AS t (id, control_number, ticket_number, buyer_name, phone_number, email, address,
    payment_method,
      status, amount, user_id, created_by_id, creator_email, creator_name, creation_source, event_name, created_at,
    updated_at)
    SELECT ${newTicketIdentity(o.prefix)},
      x.n, x.buyer, x.phone, x.email, x.address, x.method, x.status,
      coalesce(x.amount, ${o.price}::numeric), ${o.user.email}::text, u.id,
      coalesce(x.creator, ${o.user.email}::text), u.display_name, coalesce(x.source, 'web'), ${EVENT_NAME}::text,
      coalesce(x.created, now()), coalesce(x.updated, x.created, now())
    FROM x LEFT JOIN users u ON u.email = lower(coalesce(x.creator, ${o.user.email}::text))
    ON CONFLICT DO NOTHING
    RETURNING t.ticket_number AS n, t.id::text AS id`;
}

/**
 * Every new ticket with a buyer, created sold in one write by the registration rule's insert form
 * (issue 36: the INSERT and then the sale's UPDATE wrote each index twice). The sale keeps the
 * file's times (registered at the row's Updated At, else Created At, else now) and status; the
 * seller is the row's Seller Email if that is a user, else the row's creator if that is one, else
 * the importing administrator. Answers number and id of each ticket created.
 */
export function createSoldTicketsStatement(
  rows: ValidImportRow[],
  payments: Map<ValidImportRow, PaymentPlan>,
  o: { principal: Pick<Principal, "user">; prefix: string; price: string },
) {
  const user = o.principal.user;
  const plans = [...new Set(rows.map((r) => payments.get(r)!))];
  const keys = rows.map((r) => payments.get(r)!.key);
  const relation = Prisma.sql`
    SELECT ${newTicketIdentity(o.prefix)}, x.n, x.buyer, x.phone, x.email, x.address, x.payment_key, x.status,
      coalesce(x.amount, ${o.price}::numeric), ${user.email}::text, u.id, coalesce(x.creator, ${user.email}::text),
    u.display_name,
      coalesce(x.source, 'web'), ${EVENT_NAME}::text, coalesce(x.created, now()), coalesce(x.updated, x.created),
    x.updated, su.id
    FROM (${newTicketColumns(rows, { keys })}) x
    LEFT JOIN users u ON u.email = lower(coalesce(x.creator, ${user.email}::text))
    LEFT JOIN users su ON su.email = lower(coalesce(x.seller, x.creator))`;
  const columns = Prisma.sql`(id, control_number, ticket_number, buyer_name, phone_number, email, address, payment_key,
    status, amount, user_id,
    created_by_id, creator_email, creator_name, creation_source, event_name, created_at, registered_at, updated_at,
    seller_id)`;
  return {
    plans,
    statement: registrationInsertStatement({
      rows: Prisma.sql`SELECT * FROM (${relation}) AS s ${columns}`,
      payments: plans,
      principal: o.principal,
      source: "import",
    }),
  };
}

/**
 * The sale relation of the registration rule over the import's sales of existing unregistered
 * tickets: registered now, by the row's Seller Email if that is a user, else by the importing
 * administrator. The one join on tickets reads "before", and locks the tickets lowest id first, the
 * order every registration locks in (decision 278): a batch never deadlocks with a seller's sale.
 */
export function importSaleRows(sales: Sale[], payments: Map<ValidImportRow, PaymentPlan>): SaleRelation {
  const col = <T>(pick: (s: Sale) => T) => sales.map(pick);
  return Prisma.sql`
    SELECT x.ticket_id, x.buyer_name, x.phone_number, x.email, x.address, x.payment_key, NULL::timestamptz AS
    registered_at,
      su.id AS seller_id, 'registered'::text AS status, ${beforeSale("o")} AS before
    FROM unnest(${col((s) => s.ticketId)}::uuid[], ${col((s) => s.row.buyer_name ?? null)}::text[],
    ${col((s) => s.row.phone_number ?? null)}::text[],
      ${col((s) => s.row.email ?? null)}::text[], ${col((s) => s.row.address ?? null)}::text[],
    ${col((s) => payments.get(s.row)!.key)}::text[],
      ${col((s) => s.row.seller_email ?? null)}::text[])
      AS x(ticket_id, buyer_name, phone_number, email, address, payment_key, seller_email)
    JOIN tickets o ON o.id = x.ticket_id
    LEFT JOIN users su ON su.email = lower(x.seller_email)
    ORDER BY o.id FOR UPDATE OF o`;
}

/** The registration rule over every sale of a batch; answers the numbers sold. */
export function sellTicketsStatement(
  sales: Sale[],
  payments: Map<ValidImportRow, PaymentPlan>,
  principal: Pick<Principal, "user">,
) {
  const plans = [...new Set(sales.map((s) => payments.get(s.row)!))];
  return {
    plans,
    statement: registrationStatement({
      rows: importSaleRows(sales, payments),
      payments: plans,
      principal,
      source: "import",
      returning: "numbers",
    }),
  };
}

/** Voids read from the file, on the tickets this import created (after their sale, which a void would refuse). */
export function voidImportedStatement(
  rows: { row: ValidImportRow; id: string }[],
  user: Principal["user"],
): Prisma.Sql {
  return Prisma.sql`
    WITH x AS (
      SELECT * FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.row.void_reason ?? null)}::text[],
    ${rows.map((r) => iso(r.row.voided_at))}::timestamptz[])
        AS x(id, reason, at)
    ),
    t AS (
      UPDATE tickets AS t SET voided_at = coalesce(x.at, now()), voided_by_id = ${user.id}::uuid, void_reason =
    x.reason,
        void_note = ${IMPORTED_VOID_NOTE}::text
      FROM x WHERE t.id = x.id AND t.voided_at IS NULL
      RETURNING t.*
    ), audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, after)
      SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.void', 'ticket', t.id::text,
        jsonb_build_object('control_number', t.control_number, 'reason', t.void_reason, 'note', t.void_note, 'source',
    'import')
      FROM t
    )
    SELECT t.ticket_number AS n FROM t`;
}
