// Statement line input and suggestions (issue 37): the per-line amount bound (422 naming the line,
// nothing written), control characters removed before the preview so preview and commit agree, a
// Windows-1252 CSV read as such with a warning, no stored amount breaking a report, suggestions that
// never cross a reference (a cross-method one shown as such and needing a comment), and voided
// tickets' payments never matched automatically.
import { beforeEach, describe, expect, it } from "vitest";
import { POST as matchRoute } from "@/app/api/reconciliation/lines/[id]/match/route";
import { GET as linesRoute } from "@/app/api/reconciliation/lines/route";
import { GET as reportRoute } from "@/app/api/reconciliation/reports/[name]/route";
import { GET as summaryRoute } from "@/app/api/reconciliation/summary/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { BANK_LAYOUTS, gcashStatementPdf } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";

let today: string;
let nextNumber = 1;

const users = freshAdminAndStaff();
beforeEach(async () => {
  nextNumber = 1;
  today = (
    await db().$queryRaw<{ d: string }[]>`SELECT to_char(now() AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS d`
  )[0].d;
});

async function sellOne(method: "gcash" | "bank_transfer", reference: string, buyer = "Gregorio del Pilar") {
  const res = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    token: users.admin.token,
    body: { startRange: nextNumber, endRange: nextNumber, userId: "admin@example.com" },
  });
  nextNumber++;
  const ticket = res.json.tickets[0] as { id: string; control_number: string };
  const r = await callRoute(registerRoute, {
    method: "PUT",
    path: `/api/tickets/register/${ticket.control_number}`,
    params: { controlNumber: ticket.control_number },
    body: { buyerName: buyer, phoneNumber: "0917 123 4567", paymentMethod: method, paymentReference: reference },
    token: users.staff.token,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { paymentId: r.json.ticket.payment_id as string, ticketId: ticket.id, control: ticket.control_number };
}

const bankCsv = (rows: { reference: string; description: string; amount: string }[]) =>
  new TextEncoder().encode(BANK_LAYOUTS.bpi.file(rows.map((r, i) => ({ date: `${today} 0${i + 1}:00`, ...r }))));
const uploadBank = (bytes: Uint8Array, preview = false) =>
  uploadStatement({
    token: users.admin.token,
    bytes,
    fileName: "bank.csv",
    kind: "bank_csv",
    mapping: BANK_LAYOUTS.bpi.mapping,
    preview,
  });

describe("line input", () => {
  it("refuses a credit above ₱1,000,000 with 422 amount_out_of_range naming the line, and writes nothing", async () => {
    const file = bankCsv([
      { reference: "A1", description: "ok", amount: "50.00" },
      { reference: "A2", description: "huge", amount: "9,999,999,999.99" },
    ]);
    for (const preview of [true, false]) {
      const res = await uploadBank(file, preview);
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({
        code: "amount_out_of_range",
        message: "Line 3: the credit ₱9,999,999,999.99 is above the ₱1,000,000.00 a statement line may hold",
      });
    }
    const pdf = await gcashStatementPdf({
      rows: [
        {
          time: `${today} 09:00 AM`,
          description: "Received GCash",
          reference: "1001543610110",
          credit: "1,000,000.01",
          balance: "1.00",
        },
      ],
    });
    const gcash = await uploadStatement({ token: users.admin.token, bytes: pdf, fileName: "g.pdf", kind: "gcash_pdf" });
    expect(gcash).toMatchObject({ status: 422, json: { code: "amount_out_of_range" } });
    expect(gcash.json.message).toMatch(
      /^Transaction 1 \(.*reference 1001543610110\): the credit ₱1,000,000\.01 is above/,
    );
    expect(await db().statementImport.count()).toBe(0);
    expect(await db().statementLine.count()).toBe(0);
    // Exactly the bound is a line.
    expect((await uploadBank(bankCsv([{ reference: "A3", description: "max", amount: "1,000,000.00" }]))).status).toBe(
      201,
    );
  });

  it(
    "replaces NUL and other control characters before the " + "preview, so the commit stores what the preview showed",
    async () => {
      const file = bankCsv([{ reference: "R\u00001", description: "JUAN\u0000DELA\u0007CRUZ", amount: "50.00" }]);
      const preview = await uploadBank(file, true);
      expect(preview.status, JSON.stringify(preview.json)).toBe(200);
      expect(preview.json.lines[0]).toMatchObject({ description: "JUAN DELA CRUZ", reference: "R 1" });
      expect(preview.json.warnings).toEqual([
        "1 line had control characters (such as NUL) in the description or reference: replaced by spaces",
      ]);
      const committed = await uploadBank(file);
      expect(committed.status, JSON.stringify(committed.json)).toBe(201);
      const line = await db().statementLine.findFirstOrThrow();
      expect({ description: line.description, reference: line.reference }).toEqual({
        description: "JUAN DELA CRUZ",
        reference: "R 1",
      });
    },
  );

  it("reads a CSV that is not UTF-8 as Windows-1252, with a warning in the preview", async () => {
    const text = BANK_LAYOUTS.bpi.file([
      { date: `${today} 01:00`, reference: "W1", description: "PEÑAFLOR JOSÉ", amount: "50.00" },
    ]);
    const bytes = Uint8Array.from([...text].map((ch) => ch.charCodeAt(0))); // Latin-1 = Windows-1252 for these letters
    const preview = await uploadBank(bytes, true);
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json.lines[0].description).toBe("PEÑAFLOR JOSÉ");
    expect(preview.json.warnings[0]).toMatch(/^The file is not UTF-8: it was read as Windows-1252/);
    const utf8 = await uploadBank(new TextEncoder().encode(text), true);
    expect(utf8.json.warnings).toEqual([]);
  });

  it("no stored amount makes the lines API or a report fail", async () => {
    const [imp] = await db().$queryRaw<{ id: string }[]>`
      INSERT INTO statement_imports (kind, account_label, file_name, file_sha256, period_from, period_to, lines_read,
      lines_new, lines_skipped)
      VALUES ('bank_csv', 'BDO', 'old.csv', repeat('a', 64), now()::date, now()::date, 1, 1, 0) RETURNING id::text AS
      id`;
    await db().$executeRaw`
      INSERT INTO statement_lines (import_id, account_label, line_no, occurred_at, description, amount, checksum, state)
      VALUES (${imp.id}::uuid, 'BDO', 1, now(), 'from before the bound', 9999999999.99, repeat('b', 64), 'unmatched')`;
    const lines = await callRoute(linesRoute, {
      path: "/api/reconciliation/lines?state=unmatched",
      token: users.admin.token,
    });
    expect(lines.status).toBe(200);
    expect(lines.json.lines[0].amount).toBe("9999999999.99");
    const report = await callRoute(reportRoute, {
      path: "/api/reconciliation/reports/unmatched",
      params: { name: "unmatched" },
      token: users.admin.token,
    });
    expect(report).toMatchObject({ status: 200, json: { count: 1, total: "9999999999.99" } });
    expect(
      (await callRoute(summaryRoute, { path: "/api/reconciliation/summary", token: users.admin.token })).status,
    ).toBe(200);
  });
});

describe("suggestions and automatic matching", () => {
  it(
    "never suggests a line carrying one payment's reference for " + "another; a cross-method one needs a comment",
    async () => {
      const gcash = await sellOne("gcash", "1001543610110", "Melchora Aquino");
      const bank = await sellOne("bank_transfer", "B2K-2026-00108", "Gregorio del Pilar");
      expect(
        (
          await uploadBank(
            bankCsv([{ reference: "1001543610110", description: "GCASH CASH-IN MELCHORA AQUINO", amount: "50.00" }]),
          )
        ).status,
      ).toBe(201);
      const [line] = (
        await callRoute(linesRoute, { path: "/api/reconciliation/lines?state=unmatched", token: users.admin.token })
      ).json.lines;
      expect(line.candidates).toEqual([
        expect.objectContaining({
          paymentId: gcash.paymentId,
          crossMethod: true,
          method: "gcash",
          reason: "Its GCash reference is on this bank line: another method, a comment is required",
        }),
      ]);
      const match = (paymentId: string, comment?: string) =>
        callRoute(matchRoute, {
          method: "POST",
          path: `/api/reconciliation/lines/${line.id}/match`,
          params: { id: line.id },
          body: { paymentId, comment },
          token: users.admin.token,
        });
      const wrong = await match(bank.paymentId, "same amount");
      expect(wrong.status).toBe(409);
      expect(wrong.json.message).toBe(
        `This line carries the reference 1001543610110 of another payment ` +
          `(${gcash.control}): it is never matched to a different one`,
      );
      expect(await match(gcash.paymentId)).toMatchObject({
        status: 422,
        json: {
          code: "comment_required",
          message: "A comment is required to match a line to a payment of another method",
        },
      });
      const ok = await match(gcash.paymentId, "Buyer cashed in to our bank from GCash");
      expect(ok).toMatchObject({ status: 200, json: { matchKind: "accepted", paymentStatus: "verified" } });
      expect((await db().payment.findUniqueOrThrow({ where: { id: bank.paymentId } })).status).toBe("claimed");
    },
  );

  it("a line with no payment's reference is suggested by amount and day, within its method only", async () => {
    const bank = await sellOne("bank_transfer", "B2K-2026-00001");
    await sellOne("gcash", "1001543610111");
    expect(
      (await uploadBank(bankCsv([{ reference: "UNKNOWN-9", description: "INSTAPAY GREGORIO", amount: "50.00" }])))
        .status,
    ).toBe(201);
    const [line] = (
      await callRoute(linesRoute, { path: "/api/reconciliation/lines?state=unmatched", token: users.admin.token })
    ).json.lines;
    expect(line.candidates.map((c: any) => [c.paymentId, c.crossMethod])).toEqual([[bank.paymentId, false]]);
  });

  it("never matches a voided ticket's payment automatically, nor suggests it", async () => {
    const sale = await sellOne("gcash", "1001543610112");
    expect(
      (
        await callRoute(voidRoute, {
          method: "POST",
          path: `/api/tickets/${sale.ticketId}/void`,
          params: { id: sale.ticketId },
          body: { reason: "spoiled_misprint" },
          token: users.admin.token,
        })
      ).status,
    ).toBe(200);
    const pdf = await gcashStatementPdf({
      rows: [
        {
          time: `${today} 09:00 AM`,
          description: "Received GCash",
          reference: "1001543610112",
          credit: "50.00",
          balance: "50.00",
        },
      ],
    });
    expect(
      (await uploadStatement({ token: users.admin.token, bytes: pdf, fileName: "g.pdf", kind: "gcash_pdf" })).status,
    ).toBe(201);
    expect((await db().payment.findUniqueOrThrow({ where: { id: sale.paymentId } })).status).toBe("claimed");
    const [line] = (
      await callRoute(linesRoute, { path: "/api/reconciliation/lines?state=unmatched", token: users.admin.token })
    ).json.lines;
    expect(line.candidates).toEqual([]);
  });
});
