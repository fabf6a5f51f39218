// The registration rule has one home (issue 27 item 1): server/tickets/registration.ts. Two checks:
// no other application file writes the columns a sale sets (read from the source), and every path
// that attaches a buyer leaves the same trace (seller, payment, one ticket.register audit row naming
// the path).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { PUT as editRoute } from "@/app/api/tickets/[id]/route";
import { TICKET_CSV_COLUMNS, csvLine } from "@/lib/csv/ticket-csv";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff, createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const RULE_FILE = path.join("server", "tickets", "registration.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const SALE_COLUMNS = /\b(registered_at|registered_by_id|payment_id)\s*=(?!=)/;
const SALE_FIELDS = /\b(registeredAt|registeredById|paymentId)\s*:/;

/**
 * Places in `source` that write a sale's columns to the tickets table: an UPDATE's SET list, an
 * INSERT's column list, or the data of a Prisma ticket write. Reads (WHERE, SELECT, JOIN) are not writes.
 */
export function saleColumnWrites(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(
    /UPDATE\s+"?tickets"?(?:\s+AS\s+\w+)?\s+SET\s+([\s\S]*?)\b(?:FROM|WHERE|RETURNING)\b/gi,
  )) {
    const write = SALE_COLUMNS.exec(m[1]);
    if (write) found.push(`UPDATE ... SET ${write[0]}`);
  }
  for (const m of source.matchAll(/INSERT\s+INTO\s+"?tickets"?(?:\s+AS\s+\w+)?\s*\(([^)]*)\)/gi)) {
    for (const column of ["registered_at", "registered_by_id", "payment_id"])
      if (new RegExp(`\\b${column}\\b`).test(m[1])) found.push(`INSERT ... ${column}`);
  }
  for (const m of source.matchAll(/\.ticket\.(?:create|createMany|update|updateMany|upsert)\(\{([\s\S]*?)\}\s*\)/g)) {
    const write = SALE_FIELDS.exec(m[1]);
    if (write) found.push(`prisma.ticket write ${write[0]}`);
  }
  return found;
}

describe("the registration rule's one home", () => {
  it("recognises each way of writing a sale's columns", () => {
    expect(saleColumnWrites("UPDATE tickets SET registered_at = now() WHERE id = $1")).toEqual([
      "UPDATE ... SET registered_at =",
    ]);
    expect(saleColumnWrites("UPDATE tickets AS t SET buyer_name = 'x',\n payment_id = p.id FROM p")).toEqual([
      "UPDATE ... SET payment_id =",
    ]);
    expect(saleColumnWrites("INSERT INTO tickets (id, buyer_name, registered_at) VALUES")).toEqual([
      "INSERT ... registered_at",
    ]);
    expect(saleColumnWrites("INSERT INTO tickets AS t (id, payment_id) SELECT")).toEqual(["INSERT ... payment_id"]);
    expect(saleColumnWrites("db().ticket.update({ where: { id }, data: { registeredAt: new Date() } })")).toHaveLength(
      1,
    );
    expect(
      saleColumnWrites("UPDATE tickets SET voided_at = now() WHERE t.registered_at IS NULL AND t.payment_id = p.id"),
    ).toEqual([]);
    expect(saleColumnWrites("SELECT t.payment_id FROM tickets t JOIN payments p ON p.id = t.payment_id")).toEqual([]);
    expect(saleColumnWrites("db().ticket.findMany({ select: { registeredAt: true } })")).toEqual([]);
  });

  it("is the only application file that writes registered_at, registered_by_id or payment_id", () => {
    const offenders = [...sourceFiles("server"), ...sourceFiles("app")]
      .filter((file) => file !== RULE_FILE)
      .flatMap((file) => {
        const source = readFileSync(file, "utf8");
        // The ticket contract's SELECT names the columns as fields, and voids and the void guard never write them.
        return saleColumnWrites(source).map((write) => `${file}: ${write}`);
      });
    expect(offenders).toEqual([]);
  });
});

describe("every path that attaches a buyer goes through the rule", () => {
  type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: SignedIn;
  let staff: SignedIn;

  beforeEach(async () => {
    await resetDb();
    ({ admin, staff } = await createAdminAndStaff());
    await callRoute(customRange, {
      method: "POST",
      path: "/api/tickets/admin/generate-custom-range",
      token: admin.token,
      body: { startRange: 1, endRange: 4, userId: "admin@example.com" },
    });
  });

  it(
    "register, register-multiple, edit, generate and import each leave a " +
      "seller, a payment and one audit row naming the path",
    async () => {
      const buyer = { buyerName: "Maria Clara", phoneNumber: "09171234567" };
      expect(
        (
          await callRoute(registerRoute, {
            method: "PUT",
            path: "/api/tickets/register/00001",
            params: { controlNumber: "00001" },
            body: buyer,
            token: staff.token,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await callRoute(registerMultipleRoute, {
            method: "POST",
            path: "/api/tickets/register-multiple",
            body: { ...buyer, ticketIds: [2] },
            token: staff.token,
          })
        ).json.registeredCount,
      ).toBe(1);
      const third = await db().ticket.findUniqueOrThrow({ where: { ticketNumber: 3 } });
      expect(
        (
          await callRoute(editRoute, {
            method: "PUT",
            path: `/api/tickets/${third.id}`,
            params: { id: third.id },
            token: admin.token,
            body: { buyer_name: "Juan Dela Cruz", phone_number: "09181234567", payment_method: "cash" },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await callRoute(generate, {
            method: "POST",
            path: "/api/tickets/generate",
            token: staff.token,
            body: { buyer_name: "Pedro Penduko", phone_number: "09191234567", payment_method: "cash" },
          })
        ).status,
      ).toBe(201);
      const csv = [
        csvLine(TICKET_CSV_COLUMNS),
        csvLine(
          TICKET_CSV_COLUMNS.map(
            (c) =>
              ({ "Last 5 Digits": "00004", "Buyer Name": "Ana Import", "Phone Number": "09201234567" })[c as string] ??
              "",
          ),
        ),
        csvLine(
          TICKET_CSV_COLUMNS.map(
            (c) =>
              ({ "Last 5 Digits": "00009", "Buyer Name": "Ben Import", "Phone Number": "09211234567" })[c as string] ??
              "",
          ),
        ),
      ].join("\r\n");
      const imported = await callRoute(importRoute, {
        method: "POST",
        path: "/api/tickets/import",
        token: admin.token,
        body: { csvData: csv },
      });
      expect(imported.json).toMatchObject({ success: true, imported: 2 });

      const sold = await db().ticket.findMany({
        where: { registeredAt: { not: null } },
        orderBy: { ticketNumber: "asc" },
      });
      expect(sold.map((t) => t.ticketNumber)).toEqual([1, 2, 3, 4, 5, 9]);
      for (const t of sold) {
        expect(t.registeredById, `ticket ${t.ticketNumber} has a seller`).not.toBeNull();
        expect(t.paymentId, `ticket ${t.ticketNumber} has a payment`).not.toBeNull();
      }
      const audits = await db().auditLog.findMany({ where: { action: "ticket.register" }, orderBy: { id: "asc" } });
      const sources = Object.fromEntries(
        audits.map((a) => [
          sold.find((t) => t.id === a.entityId)!.ticketNumber,
          (a.after as { source: string }).source,
        ]),
      );
      expect(sources).toEqual({
        1: "register",
        2: "register_multiple",
        3: "edit",
        4: "import",
        5: "generate",
        9: "import",
      });
      expect(audits).toHaveLength(6);
    },
  );
});
