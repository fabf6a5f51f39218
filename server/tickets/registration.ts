import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "@/server/auth/principal";
import type { ExtraAudit, PaymentPlan } from "@/server/payments/plan-payment";
import { ticketColumns } from "@/server/tickets/ticket-select";

// THE registration rule (issue 27: one home). A ticket becomes registered, and is sold, only here:
// every path that attaches a buyer (single and multiple registration, the edit dialog, generation
// with a buyer, the CSV import) builds its statement with `registrationStatement`. A test
// (tests/integration/registration-rule.test.ts) fails if any other server file writes
// `registered_at`, and the database ties `registered_at` to a real buyer name and to a payment.

/**
 * A relation of tickets to register, one row each, with these columns:
 * ticket_id uuid, buyer_name text, phone_number text, email text, address text,
 * payment_key text (which PaymentPlan pays for it), registered_at timestamptz (null: now),
 * seller_id uuid (null: the acting user), status text (what an 'active' ticket's status becomes:
 * 'registered' for the registration calls; null keeps it, as generation and the edit dialog do),
 * before jsonb (the ticket as it was: `beforeSale(alias)` over the tickets row it read). Reading
 * the "before" here, where the relation already reads the ticket, spares the UPDATE a second
 * join on tickets (a statement's reads all see the snapshot from before its own writes).
 * Bulk rows arrive as typed arrays through `unnest` (issue 36): PostgreSQL estimates their row
 * count exactly, so the joins stay hash joins; a JSON function is guessed at 100 rows and the
 * plan went quadratic (2,000 imported sales took 131 s).
 */
export type SaleRelation = Prisma.Sql;

/** The audit row's "before" of a ticket, read from the tickets row under `alias`. */
export function beforeSale(alias: string): Prisma.Sql {
  const a = Prisma.raw(alias);
  return Prisma.sql`jsonb_build_object('buyer_name', ${a}.buyer_name, 'phone_number', ${a}.phone_number, 'email',
    ${a}.email,
        'address', ${a}.address, 'status', ${a}.status, 'payment_method', ${a}.payment_method)`;
}

/**
 * A sale relation for tickets picked by a condition on alias `t`, all to one buyer and one payment.
 * It locks its tickets lowest id first (`ORDER BY t.id FOR UPDATE`: the lock is taken above the
 * sort), so two registrations over overlapping tickets wait for each other in one order and never
 * deadlock. Without it each statement locked in its plan's order (table order in one, an index's
 * in another) and PostgreSQL aborted one with 40P01 (decision 278).
 */
export function saleRowsWhere(
  where: Prisma.Sql,
  buyer: { buyerName: string; phoneNumber: string | null; email?: string | null; address?: string | null },
  options: { status: "registered" | null },
): SaleRelation {
  return Prisma.sql`
    SELECT t.id AS ticket_id, ${buyer.buyerName}::text AS buyer_name, ${buyer.phoneNumber}::text AS phone_number,
      ${buyer.email ?? null}::text AS email, ${buyer.address ?? null}::text AS address, 'p'::text AS payment_key,
      NULL::timestamptz AS registered_at, NULL::uuid AS seller_id, ${options.status}::text AS status, ${beforeSale("t")}
    AS before
    FROM tickets t WHERE ${where}
    ORDER BY t.id FOR UPDATE OF t`;
}

/** What the audit row of each registration says it came from. */
export type RegistrationSource = "register" | "register_multiple" | "edit" | "generate" | "import";

/**
 * One statement that registers every row of `rows` whose ticket is still unregistered and not void,
 * creates the payments of `payments` that pay for a registered ticket (or adds to the existing ones),
 * and writes one audit row per ticket (and the `audit` rows, if anything was registered). Answers
 * the registered tickets in the ticket contract's shape, lowest number first.
 *
 * Concurrent registrations of one ticket: the second waits for the first's row lock, re-checks
 * `registered_at IS NULL` and matches nothing, so a buyer is never overwritten and no payment is
 * written for it. Two payments claiming one GCash reference: the unique key refuses the second
 * statement whole (tickets included).
 */
export function registrationStatement(options: {
  rows: SaleRelation;
  payments: PaymentPlan[];
  principal: Pick<Principal, "user">;
  source: RegistrationSource;
  audit?: ExtraAudit[];
  /** "numbers": answer only each registered ticket's number (the import: no contract rows to build). */
  returning?: "tickets" | "numbers";
}): Prisma.Sql {
  const user = options.principal.user;
  return saleStatement({
    ...options,
    write: Prisma.sql`
    r AS (${options.rows}),
    t AS (
      UPDATE tickets AS t SET
        buyer_name = r.buyer_name,
        phone_number = r.phone_number,
        email = coalesce(r.email, t.email),
        address = coalesce(r.address, t.address),
        payment_method = np.method,
        gcash_reference = CASE WHEN np.method = 'gcash' THEN np.reference_normalized ELSE t.gcash_reference END,
        payment_reference = CASE WHEN np.method <> 'gcash' THEN coalesce(np.reference, t.payment_reference) ELSE
      t.payment_reference END,
        payment_id = np.id,
        status = CASE WHEN t.status = 'active' AND r.status IS NOT NULL THEN r.status ELSE t.status END,
        registered_at = coalesce(r.registered_at, now()),
        registered_by_id = coalesce(r.seller_id, ${user.id}::uuid),
        -- A sale with its own time (an imported row) keeps the row's own update time.
        updated_at = CASE WHEN r.registered_at IS NULL THEN now() ELSE t.updated_at END
      FROM r JOIN np ON np.key = r.payment_key
      WHERE t.id = r.ticket_id AND t.registered_at IS NULL AND t.voided_at IS NULL
        AND ticket_buyer_is_real(r.buyer_name)
      RETURNING t.*, r.before
    ),`,
  });
}

/**
 * A relation of NEW tickets sold as they are created (the CSV import's rows with a buyer), one row
 * each, with these columns: id uuid, control_number text, ticket_number int, buyer_name, phone_number,
 * email, address text, payment_key text, status text ('registered' unless the file says otherwise),
 * amount numeric, user_id text, created_by_id uuid, creator_email, creator_name, creation_source,
 * event_name text, created_at timestamptz, registered_at timestamptz (null: now), updated_at
 * timestamptz (null: now), seller_id uuid (null: the acting user).
 */
export type NewSaleRelation = Prisma.Sql;

/**
 * The registration rule's other form: creates each ticket of `rows` already sold, with the same
 * sale columns, payments and audit rows as `registrationStatement` gives an existing ticket, in
 * one write (issue 36: inserting a ticket and then registering it wrote every index twice, and the
 * registration was three quarters of an import's time). A number, id or control number already
 * taken is skipped (ON CONFLICT DO NOTHING), and so are its payment and audit row. The audit row's
 * "before" is null: the ticket did not exist. Answers number and id of each ticket created.
 */
export function registrationInsertStatement(options: {
  rows: NewSaleRelation;
  payments: PaymentPlan[];
  principal: Pick<Principal, "user">;
  source: RegistrationSource;
}): Prisma.Sql {
  const user = options.principal.user;
  return saleStatement({
    ...options,
    returning: "created",
    write: Prisma.sql`
    r AS (${options.rows}),
    t AS (
      INSERT INTO tickets AS t (id, control_number, ticket_number, buyer_name, phone_number, email, address,
      payment_method,
        gcash_reference, payment_reference, payment_id, status, amount, user_id, created_by_id, creator_email,
      creator_name,
        creation_source, event_name, registered_at, registered_by_id, created_at, updated_at)
      SELECT r.id, r.control_number, r.ticket_number, r.buyer_name, r.phone_number, r.email, r.address, np.method,
        CASE WHEN np.method = 'gcash' THEN np.reference_normalized END,
        CASE WHEN np.method <> 'gcash' THEN np.reference END,
        np.id, coalesce(r.status, 'registered'), r.amount, r.user_id, r.created_by_id, r.creator_email, r.creator_name,
        r.creation_source, r.event_name, coalesce(r.registered_at, now()), coalesce(r.seller_id, ${user.id}::uuid),
        r.created_at, coalesce(r.updated_at, now())
      FROM r JOIN np ON np.key = r.payment_key
      WHERE ticket_buyer_is_real(r.buyer_name)
      ON CONFLICT DO NOTHING
      RETURNING t.*, NULL::jsonb AS before
    ),`,
  });
}

/** The part both forms share: the payments of what `t` (the written tickets) sold, the audit rows, the answer. */
function saleStatement(options: {
  write: Prisma.Sql;
  payments: PaymentPlan[];
  principal: Pick<Principal, "user">;
  source: RegistrationSource;
  audit?: ExtraAudit[];
  returning?: "tickets" | "numbers" | "created";
}): Prisma.Sql {
  const user = options.principal.user;
  const p = options.payments;
  const extra = options.audit ?? [];
  const col = <T>(pick: (plan: PaymentPlan) => T) => p.map(pick);
  const answer =
    options.returning === "numbers"
      ? Prisma.sql`SELECT t.ticket_number FROM t`
      : options.returning === "created"
        ? Prisma.sql`SELECT t.ticket_number AS n, t.id::text AS id FROM t`
        : Prisma.sql`SELECT ${ticketColumns({ payments: "pay" })} FROM t ORDER BY t.ticket_number`;
  return Prisma.sql`
    WITH np AS (
      SELECT * FROM unnest(${col((x) => x.key)}::text[], ${col((x) => x.id)}::uuid[],
    ${col((x) => x.existing)}::boolean[],
        ${col((x) => x.method)}::text[], ${col((x) => x.reference)}::text[],
    ${col((x) => x.reference_normalized)}::text[],
        ${col((x) => x.gcash_reference_key)}::text[], ${col((x) => x.payer_name)}::text[],
    ${col((x) => x.payer_phone)}::text[],
        ${col((x) => x.collected_by_id)}::uuid[])
        AS np(key, id, existing, method, reference, reference_normalized, gcash_reference_key, payer_name, payer_phone,
    collected_by_id)
    ),
    ${options.write}
    sums AS (SELECT t.payment_id, sum(t.amount) AS amount FROM t GROUP BY t.payment_id),
    p_new AS (
      INSERT INTO payments (id, method, reference, reference_normalized, gcash_reference_key, amount_expected,
        payer_name, payer_phone, collected_by_id, collected_at)
      SELECT np.id, np.method, np.reference, np.reference_normalized, np.gcash_reference_key, sums.amount,
        np.payer_name, np.payer_phone, coalesce(np.collected_by_id, ${user.id}::uuid), now()
      FROM np JOIN sums ON sums.payment_id = np.id
      WHERE NOT np.existing
      RETURNING *
    ),
    p_add AS (
      UPDATE payments AS p SET amount_expected = p.amount_expected + sums.amount
      FROM np JOIN sums ON sums.payment_id = np.id
      WHERE np.existing AND p.id = np.id
      RETURNING p.*
    ),
    pay AS (SELECT * FROM p_new UNION ALL SELECT * FROM p_add),
    audit AS (
      INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after)
      SELECT ${user.id}::uuid, ${user.email}::text, 'ticket.register', 'ticket', t.id::text, t.before,
        jsonb_build_object('control_number', t.control_number, 'buyer_name', t.buyer_name, 'phone_number',
    t.phone_number,
          'email', t.email, 'address', t.address, 'status', t.status, 'payment_method', t.payment_method,
          'payment_id', t.payment_id, 'payment_reference', pay.reference_normalized, 'seller_id', t.registered_by_id,
          'source', ${options.source}::text)
      FROM t LEFT JOIN pay ON pay.id = t.payment_id
      UNION ALL
      SELECT ${user.id}::uuid, ${user.email}::text, x.action, x."entityType", x."entityId", NULL, x.after
      FROM unnest(${extra.map((a) => a.action)}::text[], ${extra.map((a) => a.entityType)}::text[],
    ${extra.map((a) => a.entityId)}::text[],
        ${extra.map((a) => JSON.stringify(a.after))}::jsonb[]) AS x(action, "entityType", "entityId", after)
      WHERE EXISTS (SELECT 1 FROM t)
    )
    ${answer}`;
}
