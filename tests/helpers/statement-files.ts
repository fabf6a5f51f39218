// Statement files for the reconciliation tests, benchmark and e2e (issue 21): GCash-shaped
// transaction history PDFs (made by lib/gcash-statement-pdf.ts, the generator the sample download
// uses too) and bank CSVs in three layouts. No real statement is ever committed.
import type { GcashStatementRow } from "@/lib/gcash-statement-pdf";

export { gcashStatementPdf, type GcashStatementRow as GcashRow } from "@/lib/gcash-statement-pdf";

/** n credit rows, one a minute from `start`, references 13 digits from `firstReference`. */
export function manyGcashRows(
  n: number,
  options: { start?: string; firstReference?: bigint; amount?: string } = {},
): GcashStatementRow[] {
  const start = Date.parse(`${options.start ?? "2026-11-01"}T00:00:00Z`);
  const first = options.firstReference ?? 1_001_000_000_000n;
  return Array.from({ length: n }, (_, i) => ({
    time: manilaText(new Date(start + i * 60_000)),
    description: `Received GCash from JUAN D. ${i}`,
    reference: String(first + BigInt(i)),
    credit: options.amount ?? "50.00",
    balance: (50 * (i + 1)).toFixed(2),
  }));
}

/** A UTC-ish Date used as a Manila wall clock → '2026-11-03 09:15 AM'. */
function manilaText(d: Date) {
  const h = d.getUTCHours();
  const hh = String(h % 12 === 0 ? 12 : h % 12).padStart(2, "0");
  return `${d.toISOString().slice(0, 10)} ${hh}:${String(d.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

export interface BankCredit {
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM' (Manila). */
  date: string;
  reference: string;
  description: string;
  /** '1,250.00' */
  amount: string;
  debit?: boolean;
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (rows: string[][]) => rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
const mdy = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

/** Three bank layouts, each with its mapping (issue 21: columns differ from bank to bank). */
export const BANK_LAYOUTS = {
  /** BDO-like: separate Debit and Credit columns, MM/DD/YYYY dates. */
  bdo: {
    mapping: { date: "Posting Date", description: "Details", reference: "Ref", credit: "Credit", debit: "Debit" },
    file: (lines: BankCredit[]) =>
      csv([
        ["Posting Date", "Details", "Ref", "Debit", "Credit", "Running Balance"],
        ...lines.map((l) => [
          mdy(l.date),
          l.description,
          l.reference,
          l.debit ? l.amount : "",
          l.debit ? "" : l.amount,
          "10,000.00",
        ]),
      ]),
  },
  /** BPI-like: one signed Amount column, ISO date and time. */
  bpi: {
    mapping: { date: "Transaction Date", description: "Description", reference: "Reference No", amount: "Amount" },
    file: (lines: BankCredit[]) =>
      csv([
        ["Transaction Date", "Description", "Reference No", "Amount", "Balance"],
        ...lines.map((l) => [l.date, l.description, l.reference, `${l.debit ? "-" : ""}${l.amount}`, "9,999.00"]),
      ]),
  },
  /** Metrobank-like: a title line first? No: columns in another order, ISO dates, ₱ signs. */
  metrobank: {
    mapping: { date: "Date", description: "Remarks", reference: "Trace No.", credit: "Deposit", debit: "Withdrawal" },
    file: (lines: BankCredit[]) =>
      csv([
        ["Trace No.", "Date", "Withdrawal", "Deposit", "Remarks"],
        ...lines.map((l) => [
          l.reference,
          l.date.slice(0, 10),
          l.debit ? `₱${l.amount}` : "",
          l.debit ? "" : `₱${l.amount}`,
          l.description,
        ]),
      ]),
  },
} as const;
