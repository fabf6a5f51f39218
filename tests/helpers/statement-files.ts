// Statement files for the reconciliation tests, benchmark and e2e (issue 21): a GCash-shaped
// transaction history PDF made with pdfkit (optionally password-protected, the way GCash sends it)
// and bank CSVs in three layouts. No real statement is ever committed.
import PDFDocument from "pdfkit";

export interface GcashRow {
  /** Manila time as printed: '2026-11-03 09:15 AM'. */
  time: string;
  description: string;
  reference: string;
  debit?: string;
  credit?: string;
  balance: string;
}

/** A GCash-shaped transaction history: title, date range, the six-column table, balances and totals. */
export function gcashStatementPdf(options: {
  rows: GcashRow[];
  password?: string;
  from?: string;
  to?: string;
  header?: string[];
  /** The encryption's PDF version (pdfkit: 1.4 RC4, 1.7 AES-128, 1.7ext3 AES-256); 1.7 unless said. */
  pdfVersion?: "1.4" | "1.7" | "1.7ext3";
  /** Flate-compressed streams added to the first page's contents as they are (a decompression bomb). */
  extraFlateContents?: Buffer[];
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 30,
    ...(options.password
      ? {
          userPassword: options.password,
          ownerPassword: `${options.password}-owner`,
          pdfVersion: options.pdfVersion ?? ("1.7" as const),
        }
      : {}),
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const columns = [30, 150, 420, 540, 620, 700];
  const header = options.header ?? ["Date and Time", "Description", "Reference No.", "Debit", "Credit", "Balance"];
  const from = options.from ?? options.rows[0]?.time.slice(0, 10) ?? "2026-11-01";
  const to = options.to ?? options.rows.at(-1)?.time.slice(0, 10) ?? "2026-11-30";
  let y = 30;
  const row = (cells: string[]) => {
    if (y > 540) {
      doc.addPage();
      y = 30;
    }
    cells.forEach((cell, i) => cell && doc.text(cell, columns[i], y, { lineBreak: false }));
    y += 14;
  };
  if (options.extraFlateContents?.length) {
    const page = doc.page as unknown as { content: unknown; dictionary: { data: Record<string, unknown> } };
    const extra = options.extraFlateContents.map((bytes) => {
      const ref = doc.ref({ Filter: "FlateDecode" });
      ref.end(bytes);
      return ref;
    });
    page.dictionary.data.Contents = [page.content, ...extra];
  }
  doc.fontSize(8);
  row(["GCash Transaction History"]);
  row([`Date Range: ${from} to ${to}`]);
  row(["Account: JUAN DELA CRUZ 09171234567"]);
  y += 6;
  row(header);
  row(["", "STARTING BALANCE", "", "", "", options.rows[0]?.balance ?? "0.00"]);
  let debit = 0;
  let credit = 0;
  for (const r of options.rows) {
    row([r.time, r.description, r.reference, r.debit ?? "", r.credit ?? "", r.balance]);
    debit += Number((r.debit ?? "0").replace(/,/g, "")) || 0;
    credit += Number((r.credit ?? "0").replace(/,/g, "")) || 0;
  }
  row(["", "ENDING BALANCE", "", "", "", options.rows.at(-1)?.balance ?? "0.00"]);
  row(["", "Total Debit", "", debit.toFixed(2), "", ""]);
  row(["", "Total Credit", "", "", credit.toFixed(2), ""]);
  doc.end();
  return done;
}

/** n credit rows, one a minute from `start`, references 13 digits from `firstReference`. */
export function manyGcashRows(
  n: number,
  options: { start?: string; firstReference?: bigint; amount?: string } = {},
): GcashRow[] {
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
