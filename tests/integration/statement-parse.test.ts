// Reading statements in the parsing worker (issue 21, decision 111): a GCash-shaped password-protected
// PDF generated here (no real statement is committed) and bank CSVs in three layouts; every refusal
// names what is wrong.
import { beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_MAX_BYTES, type ColumnMapping } from "@/lib/schemas/reconciliation";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { statementParseJob } from "@/server/jobs/kinds/statement-parse";
import { parseStatement } from "@/server/reconciliation/parse-statement";
import { manilaDay } from "@/server/reconciliation/statement-values";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { principalOf } from "@/tests/helpers/principal";
import { BANK_LAYOUTS, gcashStatementPdf, type BankCredit, type GcashRow } from "@/tests/helpers/statement-files";

let principal: Principal;
const PASSWORD = "s3cret-Pass";

const rows: GcashRow[] = [
  {
    time: "2026-11-03 09:15 AM",
    description: "Received GCash from JUAN DELA CRUZ",
    reference: "1001 543 610110",
    credit: "50.00",
    balance: "1,050.00",
  },
  {
    time: "2026-11-03 10:00 AM",
    description: "Transfer to BPI",
    reference: "2002543610110",
    debit: "500.00",
    balance: "550.00",
  },
  {
    time: "2026-11-04 01:30 PM",
    description: "Received GCash from MARIA CLARA",
    reference: "3003543610110",
    credit: "1,250.00",
    balance: "1,800.00",
  },
  {
    time: "2026-11-04 02:00 PM",
    description: "Zero promo",
    reference: "4004543610110",
    credit: "0.00",
    balance: "1,800.00",
  },
];

beforeAll(async () => {
  await resetDb();
  principal = principalOf(await createSignedInUser({ isAdmin: true, email: "admin@example.com" }));
});

const parse = (
  bytes: Uint8Array,
  options: { kind: "gcash_pdf" | "bank_csv"; password?: string; mapping?: ColumnMapping },
) => parseStatement({ principal, bytes, accountLabel: "GCash 0917", ...options });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, status: (error as AppError).status, message: (error as AppError).message };
}

describe("a GCash transaction history PDF", () => {
  it(
    "reads the credits row by row with the password, in Manila " + "time, leaving debits out and counting ₱0 credits",
    async () => {
      const pdf = await gcashStatementPdf({ rows, password: PASSWORD, from: "2026-11-01", to: "2026-11-30" });
      const parsed = await parse(pdf, { kind: "gcash_pdf", password: PASSWORD });
      expect(
        parsed.lines.map((l) => [l.lineNo, l.occurredAt, l.description, l.referenceNormalized, l.centavos]),
      ).toEqual([
        [1, "2026-11-03T01:15:00.000Z", "Received GCash from JUAN DELA CRUZ", "1001543610110", 5000],
        [3, "2026-11-04T05:30:00.000Z", "Received GCash from MARIA CLARA", "3003543610110", 125000],
      ]);
      expect(parsed).toMatchObject({
        periodFrom: "2026-11-01",
        periodTo: "2026-11-30",
        credits: 3,
        nonPositive: 1,
        debits: 1,
      });
      // The password opened the file and went nowhere else: not in the job's row.
      const jobs = await db().$queryRaw<unknown[]>`SELECT * FROM jobs`;
      expect(jobs).toHaveLength(1);
      expect(JSON.stringify(jobs)).not.toContain(PASSWORD);
    },
  );

  it("runs under the issue's limits: 20 s in a worker", () => {
    expect(statementParseJob).toMatchObject({ kind: "statement.parse", timeLimitMs: 20_000 });
  });

  it("refuses without the password, with a wrong one, and a PDF that is not a GCash history", async () => {
    const pdf = await gcashStatementPdf({ rows, password: PASSWORD });
    expect(await refusal(parse(pdf, { kind: "gcash_pdf" }))).toMatchObject({
      status: 422,
      code: "password_required",
      message: "This PDF is password-protected: enter its password",
    });
    expect(await refusal(parse(pdf, { kind: "gcash_pdf", password: "0000" }))).toMatchObject({
      status: 422,
      code: "wrong_password",
      message: "The password is not this PDF's",
    });
    const other = await gcashStatementPdf({ rows, header: ["Date", "Particulars", "Ref", "Out", "In", "Total"] });
    expect(await refusal(parse(other, { kind: "gcash_pdf" }))).toMatchObject({
      status: 422,
      code: "not_a_gcash_statement",
    });
    expect(await refusal(parse(new TextEncoder().encode("Date,Amount\n"), { kind: "gcash_pdf" }))).toMatchObject({
      status: 422,
      code: "not_a_gcash_statement",
    });
  });

  it("refuses a file over 10 MB", async () => {
    expect(await refusal(parse(new Uint8Array(STATEMENT_MAX_BYTES + 1), { kind: "gcash_pdf" }))).toMatchObject({
      status: 413,
      code: "file_too_large",
    });
  });
});

const credits: BankCredit[] = [
  { date: "2026-11-05 08:30", reference: "INST-0001", description: "InstaPay from JUAN DELA CRUZ", amount: "1,250.00" },
  { date: "2026-11-05 09:00", reference: "ATM-9", description: "ATM withdrawal", amount: "2,000.00", debit: true },
  { date: "2026-11-06", reference: "PESO-77", description: "PESONet MARIA CLARA", amount: "50.00" },
];

describe("bank CSVs", () => {
  it.each(Object.entries(BANK_LAYOUTS))("reads the %s layout by its mapping", async (_name, layout) => {
    const parsed = await parse(new TextEncoder().encode(layout.file(credits)), {
      kind: "bank_csv",
      mapping: layout.mapping as ColumnMapping,
    });
    expect(
      parsed.lines.map((l) => [l.referenceNormalized, l.centavos, l.description, manilaDay(new Date(l.occurredAt))]),
    ).toEqual([
      ["INST0001", 125000, "InstaPay from JUAN DELA CRUZ", "2026-11-05"],
      ["PESO77", 5000, "PESONet MARIA CLARA", "2026-11-06"],
    ]);
    expect(parsed).toMatchObject({
      credits: 2,
      nonPositive: 0,
      debits: 1,
      periodFrom: "2026-11-05",
      periodTo: "2026-11-06",
    });
  });

  it("finds the header below the bank's account lines", async () => {
    const file = `Account: 1234-5678\nPeriod: Nov 2026\n${BANK_LAYOUTS.bpi.file(credits)}`;
    const parsed = await parse(new TextEncoder().encode(file), { kind: "bank_csv", mapping: BANK_LAYOUTS.bpi.mapping });
    expect(parsed.lines).toHaveLength(2);
  });

  it("refuses a file without the mapped columns, naming them and the file's columns", async () => {
    const file = new TextEncoder().encode(BANK_LAYOUTS.bpi.file(credits));
    expect(await refusal(parse(file, { kind: "bank_csv", mapping: BANK_LAYOUTS.bdo.mapping }))).toEqual({
      status: 422,
      code: "missing_columns",
      message:
        "The file has no column 'Posting Date', 'Details', 'Ref', 'Credit', 'Debit' (its " +
        "columns: Transaction Date, Description, Reference No, Amount, Balance)",
    });
  });

  it("refuses a line whose date or amount cannot be read, naming the line", async () => {
    const file = new TextEncoder().encode("Date,Amount\n2026-11-05,50.00\n31/12/2026,10.00\n");
    expect(await refusal(parse(file, { kind: "bank_csv", mapping: { date: "Date", amount: "Amount" } }))).toMatchObject(
      {
        status: 422,
        code: "invalid_statement",
        message: "Line 3: the date '31/12/2026' is not YYYY-MM-DD, YYYY-MM-DD HH:MM or MM/DD/YYYY",
      },
    );
  });
});
