// @module-tag sql
// Issue 36: every bulk write is set-based with a plan that stays linear. The import's statements
// and the registration rule are EXPLAINed over a 20,000-row batch against 20,000 tickets: rows that
// reach the database as typed arrays (unnest) are counted exactly, so no join with `tickets` is a
// Nested Loop. With rows read from json_array_elements (guessed at 100 rows) the registration
// statement's plan had nested loops over tickets, and 2,000 imported sales took minutes.
import { describe, expect, it } from "vitest";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { newPayment, type PaymentPlan } from "@/server/payments/plan-payment";
import type { ValidImportRow } from "@/server/tickets/import-row-reader";
import {
  createSoldTicketsStatement,
  insertTicketsStatement,
  sellTicketsStatement,
  voidImportedStatement,
  type Sale,
} from "@/server/tickets/import-statements";
import { registrationStatement, saleRowsWhere } from "@/server/tickets/registration";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { principalOf } from "@/tests/helpers/principal";
import { Prisma as P } from "@/generated/prisma/client";

const BATCH = 20_000;

const users = freshAdminAndStaff();

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Plan Rows"?: number;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

const JOINS = ["Nested Loop", "Hash Join", "Merge Join"];
/** The nodes under `node` down to (not into) the next join. */
function below(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap((child) => (JOINS.includes(child["Node Type"]) ? [] : below(child)))];
}
const describeNode = (n: PlanNode) => `${n["Node Type"]}${n["Relation Name"] ? ` on ${n["Relation Name"]}` : ""}`;

/**
 * Every Nested Loop whose inner side is read whole again for each outer row (no index lookup keyed
 * by the outer row, more than two rows): the quadratic shape, over tickets or over the statement's
 * own CTEs (sales × payments, tickets × audit rows). An inner index lookup (one
 * probe of tickets' primary key per row) stays linear and is the right plan for a 5,000-row
 * batch into a 100,000-ticket raffle, so it is not flagged.
 */
function quadraticNestedLoops(node: PlanNode): string[] {
  const [outer, inner] = node.Plans ?? [];
  const innerIsLookup =
    inner &&
    below(inner).some(
      (n) => ["Index Scan", "Index Only Scan", "Bitmap Index Scan"].includes(n["Node Type"]) && n["Index Cond"],
    );
  // A one- or two-row inner side (register-multiple's single payment) read again per row is still linear.
  const innerIsTiny =
    inner && (inner["Plan Rows"] ?? 3) <= 2 && !below(inner).some((n) => n["Relation Name"] === "tickets");
  const here =
    node["Node Type"] === "Nested Loop" && !innerIsLookup && !innerIsTiny
      ? [`Nested Loop over ${describeNode(outer)} × ${describeNode(inner)}`]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap(quadraticNestedLoops)];
}

/** The row estimates of the plan's function scans (unnest of the batch's arrays). */
const functionScanRows = (node: PlanNode): number[] => [
  ...(node["Node Type"] === "Function Scan" ? [node["Plan Rows"] ?? 0] : []),
  ...(node.Plans ?? []).flatMap(functionScanRows),
];

async function explain(statement: Prisma.Sql) {
  const [row] = await db().$queryRaw<{ "QUERY PLAN": unknown }[]>(P.sql`EXPLAIN (FORMAT JSON) ${statement}`);
  const value = row["QUERY PLAN"];
  const parsed = (typeof value === "string" ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return parsed[0].Plan;
}

/** 20,000 tickets numbered 1..20,000, unregistered; answers their ids by number. */
async function placeTickets(count: number) {
  const rows = await db().$queryRaw<{ id: string; n: number }[]>`
    INSERT INTO tickets (id, control_number, ticket_number, payment_method, amount, creator_email, event_name)
    SELECT gen_random_uuid(), 'B2K-123-' || lpad(n::text, 5, '0'), n, 'cash', 50, 'admin@example.com', 'Raffle'
    FROM generate_series(1, ${count}::int) AS n RETURNING id::text, ticket_number AS n`;
  return new Map(rows.map((r) => [r.n, r.id]));
}

const importRow = (n: number): ValidImportRow =>
  ({
    row: n + 1,
    ticket_number: n,
    buyer_name: `Buyer ${n} Santos`,
    phone_number: "09171234567",
    email: `buyer${n}@example.com`,
    address: "Quezon City",
    payment_method: (["cash", "gcash", "bank_transfer"] as const)[n % 3],
    payment_reference: n % 3 === 0 ? undefined : String(1_000_000_000_000 + n),
  }) as ValidImportRow;

describe(
  `the bulk statements over ` + `a ${BATCH.toLocaleString("en-US")}-row batch have no ` + `nested loop over tickets`,
  () => {
    it("the registration rule over the import's sales (typed arrays, the before read in the same join)", async () => {
      const ids = await placeTickets(BATCH);
      const sales: Sale[] = [...ids].map(([n, id]) => ({ row: importRow(n), ticketId: id }));
      const payments = new Map<ValidImportRow, PaymentPlan>(
        sales.map((s) => [
          s.row,
          newPayment({
            key: `r${s.row.row}`,
            method: s.row.payment_method,
            reference: s.row.payment_reference ?? null,
            buyer: { name: s.row.buyer_name!, phone: "09171234567" },
          }),
        ]),
      );
      const plan = await explain(sellTicketsStatement(sales, payments, principalOf(users.admin)).statement);
      expect(JSON.stringify(plan)).toContain('"Relation Name":"tickets"');
      // The planner knows the batch's size: the sales and their payments, 20,000 each.
      // (the sales' estimate is the batch less what the real-buyer check may filter out)
      expect(functionScanRows(plan).filter((rows) => rows >= BATCH * 0.9)).toHaveLength(2);
      expect(quadraticNestedLoops(plan)).toEqual([]);
    });

    it(
      "the registration rule's insert form: new tickets created " + "sold, with their payments and audit rows",
      async () => {
        await placeTickets(BATCH);
        const rows = Array.from({ length: BATCH }, (_, i) => importRow(BATCH + 1 + i));
        const payments = new Map<ValidImportRow, PaymentPlan>(
          rows.map((r) => [
            r,
            newPayment({
              key: `r${r.row}`,
              method: r.payment_method,
              reference: r.payment_reference ?? null,
              buyer: { name: r.buyer_name!, phone: "09171234567" },
            }),
          ]),
        );
        const { statement } = createSoldTicketsStatement(rows, payments, {
          principal: principalOf(users.admin),
          prefix: "B2K",
          price: "50.00",
        });
        const plan = await explain(statement);
        expect(JSON.stringify(plan)).toContain('"Relation Name":"tickets"');
        // The new tickets and their payments, 20,000 each, and no nested loop anywhere.
        expect(functionScanRows(plan).filter((rows) => rows >= BATCH * 0.9)).toHaveLength(2);
        expect(quadraticNestedLoops(plan)).toEqual([]);
      },
    );

    it("the import's insert of new tickets and its voids", async () => {
      await placeTickets(BATCH);
      const rows = Array.from({ length: BATCH }, (_, i) => importRow(BATCH + 1 + i));
      const insert = await explain(
        insertTicketsStatement(rows, { user: principalOf(users.admin).user, prefix: "B2K", price: "50.00" }),
      );
      expect(functionScanRows(insert)).toEqual([BATCH]);
      expect(quadraticNestedLoops(insert)).toEqual([]);
      const voids = await db().$queryRaw<{ id: string }[]>`SELECT id::text FROM tickets`;
      const voidPlan = await explain(
        voidImportedStatement(
          voids.map((v, i) => ({ id: v.id, row: { ...importRow(i + 1), void_reason: "lost_stub" } as ValidImportRow })),
          principalOf(users.admin).user,
        ),
      );
      expect(quadraticNestedLoops(voidPlan)).toEqual([]);
    });

    it("one buyer for many tickets picked by id (register-multiple, generation with a buyer)", async () => {
      const ids = [...(await placeTickets(BATCH)).values()];
      const plan = newPayment({
        key: "p",
        method: "cash",
        reference: null,
        buyer: { name: "Maria Santos", phone: "09171234567" },
      });
      const statement = registrationStatement({
        rows: saleRowsWhere(
          P.sql`t.id = ANY(${ids}::uuid[])`,
          { buyerName: "Maria Santos", phoneNumber: "09171234567" },
          { status: "registered" },
        ),
        payments: [plan],
        principal: principalOf(users.admin),
        source: "register_multiple",
        returning: "numbers",
      });
      expect(quadraticNestedLoops(await explain(statement))).toEqual([]);
    });

    it("the four trigram indexes take new entries through a pending list capped at 256 kB (decision 215)", async () => {
      const indexes = await db().$queryRaw<{ name: string; options: string[] }[]>`
      SELECT c.relname AS name, c.reloptions AS options FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
      WHERE i.indrelid = 'tickets'::regclass AND c.relam = (SELECT oid FROM pg_am WHERE amname = 'gin') ORDER BY 1`;
      expect(indexes).toEqual(
        [
          "tickets_buyer_name_trgm_idx",
          "tickets_control_number_trgm_idx",
          "tickets_email_trgm_idx",
          "tickets_phone_number_trgm_idx",
        ].map((name) => ({
          name,
          options: ["fastupdate=on", "gin_pending_list_limit=256"],
        })),
      );
    });

    it("the check finds the quadratic shape: rows from a JSON function joined with tickets", async () => {
      await placeTickets(1000);
      const json = JSON.stringify(Array.from({ length: 1000 }, (_, i) => [i + 1, 10]));
      const plan = await explain(P.sql`
      SELECT t.id FROM json_array_elements(${json}::json) AS r JOIN tickets t ON t.amount < (r->>1)::numeric`);
      expect(functionScanRows(plan)).toEqual([100]);
      expect(quadraticNestedLoops(plan)).not.toEqual([]);
    });
  },
);
