// @module-tag sql
// Issue 36, decisions 265 and 266: what a large import leaves behind once it has committed. On the
// embedded database (no autovacuum) the import itself refreshes the planner's statistics of the
// tables it wrote, and on both engines it starts sealing its audit rows into the hash chain at once,
// in slices (1,000 rows on PGlite), the chain whole and unbroken afterwards.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { csvLine } from "@/lib/csv/ticket-csv";
import { SEAL_BATCH, sealAuditLog } from "@/server/activity/seal-audit-log";
import { dbEngine, sql } from "@/server/db/client";
import { ANALYZE_AFTER_ROWS } from "@/server/db/refresh-statistics";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { setTicketLimit } from "@/tests/helpers/tickets";

let admin: Awaited<ReturnType<typeof createAdminAndStaff>>["admin"];

// Each file has a fresh database (decision 227); the two imports below use numbers of their own.
beforeAll(async () => {
  ({ admin } = await createAdminAndStaff());
  await setTicketLimit(99_999);
});

/** Rows first..last, each sold for cash. */
function cashRows(first: number, last: number) {
  const lines = [csvLine(["Last 5 Digits", "Buyer Name", "Phone Number", "Payment Method"])];
  for (let i = first; i <= last; i++)
    lines.push(csvLine([String(i).padStart(5, "0"), `Buyer ${i} Reyes`, "09171234567", "Cash"]));
  return `${lines.join("\r\n")}\r\n`;
}

const importCsv = (csvData: string) =>
  callRoute(importRoute, { method: "POST", path: "/api/tickets/import", body: { csvData }, token: admin.token });

const analysedAt = async (table: string) =>
  (await sql<{ at: Date | null }>(`SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = $1`, [table]))[0]
    ?.at ?? null;

const unsealed = async () =>
  (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE chain_seq IS NULL`))[0].n;

/** Recomputes the chain in chain order from the database's own lines; the number of links that do not follow. */
async function brokenLinks() {
  const rows = await sql<{ hash: string; line: string }>(
    `SELECT a.hash, audit_row_line(a) AS line FROM audit_log a WHERE a.chain_seq IS NOT NULL ORDER BY a.chain_seq`,
  );
  let previous = "";
  let broken = 0;
  for (const r of rows) {
    const expected = createHash("sha256").update(`${previous}\n${r.line}`).digest("hex");
    if (r.hash !== expected) broken++;
    previous = r.hash;
  }
  return broken;
}

describe("after a large import commits", () => {
  it("refreshes the embedded database's statistics and seals every audit row it wrote, in slices", async () => {
    const rows = ANALYZE_AFTER_ROWS + 1_500;
    await sealAuditLog();
    const tables = ["tickets", "payments", "audit_log"];
    const before = await Promise.all(tables.map(analysedAt));
    const res = await importCsv(cashRows(1, rows));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, imported: rows });
    const after = await Promise.all(tables.map(analysedAt));
    for (const [i, at] of after.entries()) {
      // PostgreSQL's autovacuum analyses there; the import does not.
      if (dbEngine() === "postgresql") expect(at).toEqual(before[i]);
      else expect(at!.getTime()).toBeGreaterThan(before[i]?.getTime() ?? 0);
    }
    // One audit row per sale and one for the import: more than a slice of them, sealed without anyone asking.
    expect(rows + 1).toBeGreaterThan(SEAL_BATCH.pglite);
    await expect.poll(unsealed, { timeout: 60_000, interval: 200 }).toBe(0);
    expect(await brokenLinks()).toBe(0);
  }, 180_000);

  it("leaves both alone after a small import", async () => {
    await sealAuditLog();
    const before = await analysedAt("tickets");
    const res = await importCsv(cashRows(90_001, 90_010));
    expect(res.status).toBe(200);
    expect(await analysedAt("tickets")).toEqual(before);
    expect(await unsealed()).toBe(11);
    expect(await sealAuditLog()).toBe(11);
  });
});

describe("a reference named again in a later batch", () => {
  it("shares the first row's payment with the same buyer and names the first row to another buyer", async () => {
    // Tickets 60,001-65,003 (file rows 2-5004, the header being row 1): more than one 5,000-row batch, so the repeats
    // are read after the first row's batch was written.
    const lines = [csvLine(["Last 5 Digits", "Buyer Name", "Phone Number", "Payment Method", "Payment Reference"])];
    const reference = "1000000000001";
    for (let i = 60_001; i <= 65_003; i++) {
      const [buyer, method, ref] =
        i === 60_001 || i === 65_002
          ? ["Ana Reyes", "GCash", reference]
          : i === 65_003
            ? ["Ben Cruz", "GCash", reference]
            : [`Buyer ${i} Reyes`, "Cash", ""];
      lines.push(csvLine([String(i), buyer, "09171234567", method, ref]));
    }
    const res = await importCsv(`${lines.join("\r\n")}\r\n`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: false,
      imported: 5_002,
      errors: [`Row 5004: Payment Reference: Reference ${reference} was already used for row 2 (Ana Reyes)`],
    });
    const shared = await sql<{ n: number; tickets: number }>(
      `SELECT count(DISTINCT p.id)::int AS n, count(*)::int AS tickets
       FROM payments p JOIN tickets t ON t.payment_id = p.id
       WHERE p.gcash_reference_key = $1`,
      [reference],
    );
    expect(shared).toEqual([{ n: 1, tickets: 2 }]);
  }, 180_000);
});
