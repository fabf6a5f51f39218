// @module-tag sql
// The sales_truth migration on data made before it (docs/decisions/050): one payment per sale,
// shared by one buyer's tickets of one reference; a GCash reference two buyers typed is flagged as a
// clash, never merged; sellers never recorded are credited to the creator; the counters and rollups
// are recounted. On a database of its own (an in-memory PGlite, or a PostgreSQL database).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgScriptRunner, type ScriptRunner } from "@/server/db/client";
import { migrateWith, migrationsDir } from "@/server/db/migrate";

const SALES_TRUTH = readdirSync(migrationsDir()).find((name) => name.endsWith("_sales_truth"))!;
let open: () => Promise<ScriptRunner>;
let cleanup: () => Promise<void>;
let before: string;

beforeAll(async () => {
  // The migrations up to (not including) sales_truth, in a folder of their own.
  before = mkdtempSync(path.join(tmpdir(), "raffle-migrations-"));
  for (const name of readdirSync(migrationsDir())) {
    if (name < SALES_TRUTH || name === "migration_lock.toml")
      cpSync(path.join(migrationsDir(), name), path.join(before, name), { recursive: true });
  }
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `raffle_backfill_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    open = () => pgScriptRunner(url.toString());
    cleanup = async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const lite = new PGlite("memory://", { extensions: { pg_trgm } });
    open = async () => ({
      exec: async (sql) => void (await lite.exec(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await lite.query<T>(sql, params)).rows,
      close: async () => {},
    });
    cleanup = () => lite.close();
  }
});

afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  await cleanup();
});

async function query<T>(sql: string) {
  const runner = await open();
  try {
    return await runner.query<T>(sql);
  } finally {
    await runner.close();
  }
}

describe("the sales_truth migration", () => {
  it("backfills payments from the references tickets carry, flags clashes, credits sellers, recounts", async () => {
    await migrateWith(open, before);
    const runner = await open();
    await runner.exec(
      `
      INSERT INTO users (id, email, display_name, created_at, updated_at) VALUES
        ('00000000-0000-4000-8000-000000000001', 'creator@example.com', 'Cora Creator', now(), now()),
        ('00000000-0000-4000-8000-000000000002', 'seller@example.com', 'Sam Seller', now(), now());
      INSERT INTO tickets (id, control_number, ticket_number, buyer_name, phone_number, payment_method, ` +
        `gcash_reference,
        payment_reference, amount, created_by_id, creator_email, registered_by_id, registered_at, created_at, ` +
        `updated_at) VALUES
        (gen_random_uuid(), 'B2K-001-00001', 1, 'Ana Cash', '9170000001', 'cash', NULL, 'CASH_PAYMENT_1', 50,
          '00000000-0000-4000-8000-000000000001', 'creator@example.com', NULL, now(), now(), now()),
        (gen_random_uuid(), 'B2K-001-00002', 2, 'Ben GCash', '9170000002', 'GCash', 'GC 1001', 'REF_2', 50,
          '00000000-0000-4000-8000-000000000001', 'creator@example.com', '00000000-0000-4000-8000-000000000002', ` +
        `now() - interval '2 hours', now(), now()),
        (gen_random_uuid(), 'B2K-001-00003', 3, 'ben gcash ', '9170000002', 'gcash', 'gc-1001', 'REF_3', 50,
          '00000000-0000-4000-8000-000000000001', 'creator@example.com', '00000000-0000-4000-8000-000000000002', ` +
        `now() - interval '2 hours', now(), now()),
        (gen_random_uuid(), 'B2K-001-00004', 4, 'Cy Other', '9170000004', 'gcash', 'GC1001', 'REF_4', 50,
          '00000000-0000-4000-8000-000000000001', 'creator@example.com', '00000000-0000-4000-8000-000000000002', ` +
        `now() - interval '1 hour', now(), now()),
        (gen_random_uuid(), 'B2K-001-00005', 5, 'Dee Bank', '9170000005', 'bank_transfer', NULL, NULL, 75,
          '00000000-0000-4000-8000-000000000001', 'creator@example.com', '00000000-0000-4000-8000-000000000002', ` +
        `now(), now(), now()),
        (gen_random_uuid(), 'B2K-001-00006', 6, NULL, NULL, 'cash', NULL, 'CASH_PAYMENT_6', 50,
          '00000000-0000-4000-8000-000000000001', 'creator@example.com', NULL, NULL, now(), now());
    `,
    );
    await runner.close();

    const result = await migrateWith(open);
    expect(result.applied[0]).toBe(SALES_TRUTH);

    const tickets = await query<{
      n: number;
      payment_id: string | null;
      method: string;
      gcash: string | null;
      seller: string | null;
    }>(
      `SELECT ticket_number AS n, payment_id::text, payment_method AS method, ` +
        `gcash_reference AS gcash, registered_by_id::text AS seller FROM tickets ORDER BY 1`,
    );
    const payments = await query<{
      id: string;
      method: string;
      reference: string | null;
      norm: string | null;
      key: string | null;
      amount: string;
      payer: string;
      clash: boolean;
      collector: string | null;
    }>(
      `SELECT id::text, method, reference, reference_normalized AS norm, gcash_reference_key AS key, ` +
        `amount_expected::text AS amount,
              payer_name AS payer, reference_clash AS clash, collected_by_id::text AS collector FROM payments ORDER ` +
        `BY payer_name`,
    );
    expect(payments.map((p) => [p.payer, p.method, p.norm, p.key, p.amount, p.clash])).toEqual([
      ["Ana Cash", "cash", "CASHPAYMENT1", null, "50.00", false],
      ["Ben GCash", "gcash", "GC1001", "GC1001", "100.00", false],
      ["Cy Other", "gcash", "GC1001", null, "50.00", true],
      ["Dee Bank", "bank_transfer", null, null, "75.00", false],
    ]);
    const paymentOf = (n: number) => payments.find((p) => p.id === tickets.find((t) => t.n === n)!.payment_id);
    expect(paymentOf(2)).toBe(paymentOf(3));
    expect(paymentOf(4)!.clash).toBe(true);
    expect(tickets.find((t) => t.n === 6)!.payment_id).toBeNull();
    // Seller never recorded: the creator. Mixed-case methods are read as the method they name.
    expect(tickets.find((t) => t.n === 1)!.seller).toBe("00000000-0000-4000-8000-000000000001");
    expect(paymentOf(1)!.collector).toBe("00000000-0000-4000-8000-000000000001");
    expect(tickets.find((t) => t.n === 2)).toMatchObject({ method: "gcash", gcash: "GC1001" });

    const [counters] = await query<{ total: number; registered: number; sold: number; revenue: string }>(
      `SELECT sum(total)::int AS total, sum(registered)::int AS registered, ` +
        `sum(sold)::int AS sold, sum(revenue)::text AS revenue FROM ticket_counters`,
    );
    expect(counters).toEqual({ total: 6, registered: 5, sold: 5, revenue: "275.00" });
    const sellers = await query<{ seller: string; sold: number; cash: string }>(
      `SELECT seller, sum(sold)::int AS sold, sum(cash_amount)::text AS ` +
        `cash FROM ticket_seller_stats GROUP BY 1 ORDER BY 1`,
    );
    expect(sellers).toEqual([
      { seller: "00000000-0000-4000-8000-000000000001", sold: 1, cash: "50.00" },
      { seller: "00000000-0000-4000-8000-000000000002", sold: 4, cash: "0.00" },
    ]);
  });
});
