// @module-tag sql
// Issue 36: an import of sold rows (cash, GCash and bank rows, each with its own reference) at real
// size. 20,000 rows commit whole on both engines: every ticket sold, one payment per row, one audit
// row per sale; the same file again writes nothing. The counts are read back from the database.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { csvLine } from "@/lib/csv/ticket-csv";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { TEST_ORIGIN } from "@/tests/helpers/http";
import { setTicketLimit } from "@/tests/helpers/tickets";

const ROWS = Number(process.env.BULK_IMPORT_ROWS ?? 20_000);
const METHODS = ["Cash", "GCash", "Bank Transfer"] as const;

const users = freshAdminAndStaff();

/** Rows 1..n: a third cash (no reference), a third GCash, a third bank transfer, references unique. */
export function soldRowsCsv(n: number) {
  const header = csvLine([
    "Last 5 Digits",
    "Buyer Name",
    "Phone Number",
    "Email",
    "Address",
    "Payment Method",
    "Payment Reference",
  ]);
  const lines = [header];
  for (let i = 1; i <= n; i++) {
    const method = METHODS[i % 3];
    const reference =
      method === "Cash" ? "" : method === "GCash" ? String(1_000_000_000_000 + i) : `BPI-${100_000 + i}`;
    lines.push(
      csvLine([
        String(i).padStart(5, "0"),
        `Buyer ${i} Santos`,
        "09171234567",
        `buyer${i}@example.com`,
        "Quezon City",
        method,
        reference,
      ]),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

async function importCsv(csv: string) {
  const req = new NextRequest(new URL("/api/tickets/import?importedBy=admin%40example.com", TEST_ORIGIN), {
    method: "POST",
    headers: { "content-type": "text/csv", host: "localhost:3000", authorization: `Bearer ${users.admin.token}` },
    body: csv,
  });
  const res = await importRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

async function counts() {
  const [c] = await db().$queryRaw<
    {
      tickets: number;
      sold: number;
      payments: number;
      cash: number;
      gcash: number;
      bank: number;
      paid: number;
      registers: number;
      imports: number;
    }[]
  >`
    SELECT (SELECT count(*)::int FROM tickets) AS tickets,
      (SELECT count(*)::int FROM tickets WHERE registered_at IS NOT NULL AND payment_id IS NOT NULL AND status =
    'registered') AS sold,
      (SELECT count(*)::int FROM payments) AS payments,
      (SELECT count(*)::int FROM payments WHERE method = 'cash') AS cash,
      (SELECT count(*)::int FROM payments WHERE method = 'gcash' AND gcash_reference_key IS NOT NULL) AS gcash,
      (SELECT count(*)::int FROM payments WHERE method = 'bank_transfer' AND reference_normalized IS NOT NULL) AS bank,
      (SELECT coalesce(sum(amount_expected), 0)::int FROM payments) AS paid,
      (SELECT count(*)::int FROM audit_log WHERE action = 'ticket.register') AS registers,
      (SELECT count(*)::int FROM audit_log WHERE action = 'ticket.import') AS imports`;
  return c;
}

describe(`an import of ${ROWS} sold rows`, () => {
  it("sells every row with its own payment and audit row; the same file again writes nothing", async () => {
    await setTicketLimit(99_999);
    const price = Number((await db().settings.findUniqueOrThrow({ where: { id: 1 } })).ticketPrice);
    const csv = soldRowsCsv(ROWS);
    const started = performance.now();
    const first = await importCsv(csv);
    const firstMs = performance.now() - started;
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      success: true,
      message: `Imported ${ROWS} of ${ROWS} tickets`,
      total: ROWS,
      imported: ROWS,
      skipped: 0,
      errors: [],
    });
    const third = (k: number) => Math.floor((ROWS - k) / 3) + 1;
    expect(await counts()).toEqual({
      tickets: ROWS,
      sold: ROWS,
      payments: ROWS,
      cash: third(3),
      gcash: third(1),
      bank: third(2),
      paid: ROWS * price,
      registers: ROWS,
      imports: 1,
    });

    const again = performance.now();
    const second = await importCsv(csv);
    const secondMs = performance.now() - again;
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ success: true, total: ROWS, imported: 0, skipped: ROWS });
    expect(await counts()).toMatchObject({ tickets: ROWS, payments: ROWS, registers: ROWS, imports: 2 });
    console.info(`[bulk-import] ${ROWS} sold rows: first ${Math.round(firstMs)} ms, again ${Math.round(secondMs)} ms`);
  }, 600_000);
});
