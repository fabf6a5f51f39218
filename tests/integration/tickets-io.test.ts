import { describe, expect, it, vi } from "vitest";
import { GET as exportRoute } from "@/app/api/tickets/export-all/route";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { TICKET_CSV_COLUMNS, TICKET_EXPORT_COLUMNS, csvLine } from "@/lib/csv/ticket-csv";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { NextRequest } from "next/server";
import { TEST_ORIGIN, callRoute } from "@/tests/helpers/http";
import { setTicketLimit } from "@/tests/helpers/tickets";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";
import { dbEngine } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";

const users = freshAdminAndStaff();

const HEADER = csvLine(TICKET_EXPORT_COLUMNS);
/** The export's answer; the body decoded without dropping the byte order mark (Response.text() drops it). */
async function exportCsv(token = users.admin.token) {
  const res = await exportRoute(
    new NextRequest(new URL("/api/tickets/export-all", TEST_ORIGIN), { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({}) },
  );
  const json = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, json };
}
const importCsv = (csvData: string, token = users.admin.token) =>
  callRoute(importRoute, {
    method: "POST",
    path: "/api/tickets/import",
    body: { csvData, importedBy: "admin@example.com" },
    token,
  });
/** A timestamp as the export writes it: ISO 8601 with milliseconds, in the raffle's zone (+08:00). */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00/.source;

const csv = (...lines: string[]) => [HEADER, ...lines].join("\r\n") + "\r\n";
/** A row in template order from the fields given (the rest blank). */
const row = (cells: Partial<Record<(typeof TICKET_CSV_COLUMNS)[number], string>>) =>
  csvLine(TICKET_CSV_COLUMNS.map((c) => cells[c] ?? ""));

async function allTickets() {
  return db().$queryRaw<any[]>`
    SELECT t.id::text, t.control_number, t.ticket_number, t.buyer_name, t.phone_number, t.email, t.address,
    t.payment_method,
      t.amount::text AS amount, t.status, t.created_at, t.updated_at, t.creator_email, t.creation_source,
    t.registered_at IS NOT NULL AS registered,
      p.reference AS payment_reference, p.method AS payment_method_paid, su.email AS seller, t.voided_at, t.void_reason
    FROM tickets t LEFT JOIN payments p ON p.id = t.payment_id LEFT JOIN users su ON su.id = t.registered_by_id
    ORDER BY t.ticket_number`;
}

async function seedVariety() {
  const gen = (body: object) =>
    callRoute(generate, { method: "POST", path: "/api/tickets/generate", body, token: users.staff.token });
  expect(
    (
      await gen({
        buyer_name: '=HYPERLINK("http://x","click")',
        phone_number: "0917 123 4567",
        email: "+tag@example.com",
        address: '12 Rizal St., Brgy "Uno"\nQuezon City',
        payment_method: "gcash",
        gcash_reference: "G1",
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await gen({
        buyer_name: "-Dash Name",
        phone_number: "9181234567",
        address: "@home, 'quoted'",
        payment_method: "bank_transfer",
      })
    ).status,
  ).toBe(201);
  expect((await gen({ buyer_name: "'=Already quoted", phone_number: "9191234567" })).status).toBe(201);
  expect(
    (await gen({ buyer_name: "Juan Dela Cruz", phone_number: "9201234567", email: "juan@example.com", quantity: 3 }))
      .status,
  ).toBe(201);
  expect(
    (
      await callRoute(customRange, {
        method: "POST",
        path: "/api/tickets/admin/generate-custom-range",
        body: { startRange: 100, endRange: 140, userId: "admin@example.com" },
        token: users.admin.token,
      })
    ).status,
  ).toBe(201);
  await db().$executeRaw`UPDATE tickets SET status = 'used', amount = 62.5 WHERE ticket_number = 101`;
  // A spoiled blank stub and a refunded sale, voided (decision 051).
  await db().$executeRaw`UPDATE tickets SET voided_at = now(), void_reason = 'spoiled_misprint', voided_by_id =
      ${users.admin.user.id}::uuid WHERE ticket_number = 102`;
  await db().$executeRaw`UPDATE tickets SET voided_at = now(), void_reason = 'refunded', voided_by_id =
      ${users.admin.user.id}::uuid
      WHERE ticket_number = 3`;
}

describe("a stalled export (issue 25 item 11)", { tags: ["sql"] }, () => {
  it(
    "ends when its reader takes nothing for " + "EXPORT_STALL_TIMEOUT_MS, and gives its database connection " + "back",
    async () => {
      process.env.EXPORT_STALL_TIMEOUT_MS = "300";
      resetEnvCache();
      try {
        // Enough rows that the export is still running after two reads: COPY on PostgreSQL, pages of 5,000 on PGlite.
        await createSoldTickets(dbEngine() === "postgresql" ? 20_000 : 6_000);
        const copying = async () =>
          dbEngine() === "postgresql"
            ? Number(
                (
                  await db().$queryRaw<
                    { n: bigint }[]
                  >`SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE 'COPY (SELECT%' AND pid <>
                  pg_backend_pid()`
                )[0].n,
              )
            : 0;
        const res = await exportRoute(
          new NextRequest(new URL("/api/tickets/export-all", TEST_ORIGIN), {
            headers: { authorization: `Bearer ${users.admin.token}` },
          }),
          { params: Promise.resolve({}) },
        );
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        expect((await reader.read()).done).toBe(false); // the header
        expect((await reader.read()).done).toBe(false); // the first rows: the export is under way
        if (dbEngine() === "postgresql") expect(await copying()).toBe(1);
        // The reader stalls: nothing is taken for longer than the limit.
        await new Promise((r) => setTimeout(r, 1_000));
        await expect(async () => {
          for (;;) if ((await reader.read()).done) break;
        }).rejects.toThrow(/CSV export stalled: the reader took nothing for 300 ms/);
        await vi.waitFor(async () => expect(await copying()).toBe(0), { timeout: 5_000 });
      } finally {
        delete process.env.EXPORT_STALL_TIMEOUT_MS;
        resetEnvCache();
      }
    },
  );
});

describe("GET /api/tickets/export-all", () => {
  const title =
    "streams every ticket as CSV: template columns, CRLF, ISO dates with offset, a dated file name, " +
    "formulas neutralised";
  it(title, async () => {
    await seedVariety();
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // no-transform: Next's compression leaves the 22 MB file alone (decision 250).
    expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="tickets-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.json;
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(text).toContain(",'+tag@example.com,");
    expect(text).toContain(",'-Dash Name,");
    expect(text).toContain(`"'@home, 'quoted'"`);
    expect(text).toContain(",''=Already quoted,");
    // The address's line feed stays inside its quotes; records end in CRLF.
    expect(text).toContain(`"12 Rizal St., Brgy ""Uno""\nQuezon City"`);
    const records = text.split("\r\n").filter(Boolean);
    expect(records).toHaveLength(1 + 3 + 3 + 41);
    const unregistered = records.find((r) => r.includes(",00100,"))!;
    expect(unregistered).toMatch(
      new RegExp(
        /^[0-9a-f-]{36},B2K-\d{3}-00100,00100,,,,,cash,50\.00,active,/.source +
          `${ISO_TIME},${ISO_TIME}` +
          /,admin@example\.com,web,,,,$/.source,
      ),
    );
    // After the template's columns: the payment's reference as typed, the seller, the void.
    const gcash = records.find((r) => r.includes(",00001,"))!;
    expect(gcash).toMatch(/,gcash,50\.00,active,.*,staff@example\.com,web,G1,staff@example\.com,,$/);
    const voided = records.find((r) => r.includes(",00102,"))!;
    expect(voided).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00,spoiled_misprint$/);
  });

  it("exports only the header when there are no tickets", async () => {
    const res = await exportCsv();
    expect(res.json).toBe(`\uFEFF${HEADER}\r\n`);
  });
});

describe("POST /api/tickets/import", () => {
  const title =
    "export then import into an empty database reproduces every ticket field for field; " + "a second import imports 0";
  it(title, async () => {
    await seedVariety();
    const before = await allTickets();
    const exported = (await exportCsv()).json;
    expect(exported.startsWith("\uFEFF")).toBe(true);
    // Empty the tickets as a fresh database has none (the cascade reaches the statement lines, whose
    // own trigger refuses a TRUNCATE the app would make: as resetDb does, with triggers off, so the
    // list's order table, which tickets' TRUNCATE trigger would empty, is named too).
    await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL session_replication_role = replica");
      await tx.$executeRawUnsafe("TRUNCATE TABLE tickets, payments, ticket_order_keys CASCADE");
    });

    const res = await importCsv(exported);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: `Imported ${before.length} of ${before.length} tickets`,
      total: before.length,
      imported: before.length,
      skipped: 0,
      errors: [],
    });
    expect(await allTickets()).toEqual(before);

    const again = await importCsv(exported);
    expect(again.json).toEqual({
      success: true,
      message: `Imported 0 of ${before.length} tickets, ${before.length} skipped (already in the system)`,
      total: before.length,
      imported: 0,
      skipped: before.length,
      errors: [],
    });
    expect(await allTickets()).toEqual(before);
    const audit = await db().auditLog.findMany({ where: { action: "ticket.import" }, orderBy: { id: "asc" } });
    expect(audit).toHaveLength(2);
  });

  it("reports each invalid row as 'Row {n}: {field}: {message}' and imports the rest", async () => {
    await setTicketLimit(500);
    const res = await importCsv(
      csv(
        row({ "Last 5 Digits": "1", "Buyer Name": "Maria Santos", "Phone Number": "09171234567" }),
        row({ "Last 5 Digits": "2", "Buyer Name": "Al", "Phone Number": "12345" }),
        row({ "Last 5 Digits": "abc" }),
        row({ "Last 5 Digits": "3", Email: "not-an-email", "Payment Method": "card", Amount: "fifty", Status: "lost" }),
        row({ "Last 5 Digits": "4", "Created At": "yesterday", Source: "fax", "Ticket ID": "42" }),
        row({ "Last 5 Digits": "5", "Control Number": "B2K-123-00006" }),
        row({ "Last 5 Digits": "1" }),
        row({ "Last 5 Digits": "501" }),
        "",
        row({ "Last 5 Digits": "7", "Buyer Name": "N/A", Amount: "₱1,250.50", "Created At": "2026-11-20 09:30" }),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.json.errors).toEqual([
      "Row 3: Buyer Name: Name must be at least 3 characters.",
      "Row 3: Phone Number: Must be a 10-digit number.",
      "Row 4: Last 5 Digits: Must be a ticket number from 00001 to 99999.",
      "Row 5: Email: Enter a valid email.",
      "Row 5: Payment Method: Payment method must be cash, gcash or bank_transfer.",
      "Row 5: Amount: Must be an amount in pesos with at most 2 decimals (e.g. 50.00).",
      "Row 5: Status: Status must be one of active, registered, used, expired.",
      "Row 6: Ticket ID: Must be a ticket ID (a UUID such as 3f2b8c1e-0d4a-4e6b-9a57-2c1d0e9f8a7b).",
      "Row 6: Created At: Must be a date and time in ISO 8601 (e.g. 2026-11-24T09:30:00+08:00).",
      "Row 6: Source: Must be app or web.",
      "Row 7: Control Number: Must end with the Last 5 Digits (00005).",
      "Row 8: Last 5 Digits: Same ticket as row 2.",
      "Row 9: Last 5 Digits: Above the maximum ticket limit (500).",
    ]);
    expect(res.json).toMatchObject({
      success: false,
      total: 9,
      imported: 2,
      skipped: 0,
      message: "Imported 2 of 9 tickets, 7 rows with errors",
    });
    const rows = await allTickets();
    expect(rows.map((r) => r.ticket_number)).toEqual([1, 7]);
    expect(rows[0]).toMatchObject({
      buyer_name: "Maria Santos",
      phone_number: "9171234567",
      status: "registered",
      registered: true,
      amount: "50.00",
      creator_email: "admin@example.com",
      creation_source: "web",
    });
    expect(rows[1]).toMatchObject({ buyer_name: "N/A", status: "active", registered: false, amount: "1250.50" });
    expect(rows[1].created_at.toISOString()).toBe("2026-11-20T01:30:00.000Z");
  });

  it(
    "registers an existing unregistered ticket from a row with " + "a buyer, never overwrites a registered one",
    async () => {
      await importCsv(
        csv(
          row({ "Last 5 Digits": "1" }),
          row({ "Last 5 Digits": "2", "Buyer Name": "First Buyer", "Phone Number": "9171111111" }),
          row({ "Last 5 Digits": "3" }),
        ),
      );
      const res = await importCsv(
        csv(
          row({
            "Last 5 Digits": "1",
            "Buyer Name": "New Buyer",
            "Phone Number": "9172222222",
            Email: "new@example.com",
          }),
          row({ "Last 5 Digits": "2", "Buyer Name": "Thief Buyer", "Phone Number": "9173333333" }),
          row({ "Last 5 Digits": "3", "Buyer Name": "No Phone" }),
          row({ "Last 5 Digits": "4" }),
        ),
      );
      expect(res.json).toEqual({
        success: false,
        message: "Imported 2 of 4 tickets, 1 skipped (already in the system), 1 row with errors",
        total: 4,
        imported: 2,
        skipped: 1,
        errors: ["Row 4: Phone Number: Please enter Phone Number"],
      });
      const rows = await allTickets();
      expect(rows.map((r) => [r.ticket_number, r.buyer_name, r.registered])).toEqual([
        [1, "New Buyer", true],
        [2, "First Buyer", true],
        [3, null, false],
        [4, null, false],
      ]);
      expect(rows[0]).toMatchObject({ status: "registered", email: "new@example.com", phone_number: "9172222222" });
      const sales = await db().auditLog.findMany({ where: { action: "ticket.register" }, orderBy: { id: "asc" } });
      // Both sales went through the registration rule: ticket 2 in the first import, ticket 1 now.
      expect(
        sales.map((a) => [(a.after as { buyer_name?: string }).buyer_name, (a.after as { source?: string }).source]),
      ).toEqual([
        ["First Buyer", "import"],
        ["New Buyer", "import"],
      ]);
    },
  );

  it(
    "matches headers whatever their case and spacing, ignores unknown " +
      "columns, and refuses a file without the ticket number column",
    async () => {
      const ok = await importCsv(
        "  LAST 5 digits ,buyer_name,Notes,phone number\r\n9,Ana Reyes,ignored,9171234567\r\n",
      );
      expect(ok.json).toMatchObject({ success: true, imported: 1 });
      const missing = await importCsv("Buyer Name,Phone Number\r\nAna Reyes,9171234567\r\n");
      expect(missing.status).toBe(400);
      expect(missing.json).toMatchObject({
        success: false,
        code: "validation_failed",
        message: "Missing required column: Last 5 Digits",
      });
      const empty = await importCsv(csv());
      expect(empty.status).toBe(400);
      expect(empty.json.message).toBe("The CSV file has no ticket rows");
      const none = await callRoute(importRoute, {
        method: "POST",
        path: "/api/tickets/import",
        body: { importedBy: "x" },
        token: users.admin.token,
      });
      expect(none.json.message).toBe("Please select a file first");
    },
  );

  it("refuses a body over 25 MB with 413, and is for administrators only", async () => {
    const big = csv(...Array.from({ length: 1 }, () => "1")) + "x".repeat(25 * 1024 * 1024);
    const res = await importCsv(big);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({
      success: false,
      code: "payload_too_large",
      message: "Request body is too large: the limit is 25 MB",
    });
    expect((await importCsv(csv(row({ "Last 5 Digits": "1" })), users.staff.token)).status).toBe(403);
    expect((await exportCsv(users.staff.token)).status).toBe(403);
    expect(await db().ticket.count()).toBe(0);
  });

  it(
    "rolls the whole import back when a write fails half-way: no ticket, no registration, no audit row",
    { tags: ["sql"] },
    async () => {
      await importCsv(csv(row({ "Last 5 Digits": "1" })));
      const auditBefore = await db().auditLog.count();
      await db().$executeRawUnsafe(`
      CREATE FUNCTION fail_on_777() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.ticket_number = 777 THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$`);
      await db().$executeRawUnsafe(
        `CREATE TRIGGER fail_on_777 BEFORE INSERT ON tickets FOR EACH ROW EXECUTE FUNCTION fail_on_777()`,
      );
      try {
        const lines = [row({ "Last 5 Digits": "1", "Buyer Name": "Would Register", "Phone Number": "9171234567" })];
        for (let n = 2; n <= 1000; n++) lines.push(row({ "Last 5 Digits": String(n) }));
        const logged = vi.spyOn(console, "error").mockImplementation(() => {});
        const res = await importCsv(csv(...lines));
        expect(res.status).toBe(500);
        expect(String(logged.mock.calls[0]?.[1])).toContain("forced failure");
        logged.mockRestore();
      } finally {
        await db().$executeRawUnsafe(`DROP TRIGGER fail_on_777 ON tickets`);
        await db().$executeRawUnsafe(`DROP FUNCTION fail_on_777()`);
      }
      const rows = await allTickets();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ticket_number: 1, buyer_name: null, registered: false });
      expect(await db().auditLog.count()).toBe(auditBefore);
    },
  );

  it("two imports of overlapping files at once never create a number twice", { tags: ["sql"] }, async () => {
    const file = (from: number, to: number) =>
      csv(...Array.from({ length: to - from + 1 }, (_, i) => row({ "Last 5 Digits": String(from + i) })));
    const [a, b] = await Promise.all([importCsv(file(1, 600)), importCsv(file(301, 900))]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.json.imported + b.json.imported).toBe(900);
    expect(a.json.skipped + b.json.skipped).toBe(300);
    const [{ count, distinct }] = await db().$queryRaw<{ count: number; distinct: number }[]>`
      SELECT count(*)::int AS count, count(DISTINCT ticket_number)::int AS distinct FROM tickets`;
    expect({ count, distinct }).toEqual({ count: 900, distinct: 900 });
  });
});
