import "server-only";
import PDFDocument from "pdfkit";
import { bankStatementCsv, BANK_SAMPLE_LAYOUTS, SAMPLE_BANKS, sampleBankLines } from "@/lib/statement-samples";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { AppError } from "@/server/http/errors";

export interface GcashSampleRow {
  /** Manila time as GCash prints it: '2026-11-03 09:15 AM'. */
  time: string;
  description: string;
  reference: string;
  debit?: string;
  credit?: string;
  balance: string;
}

/**
 * A statement in GCash's transaction-history shape (title, date range, the six-column table,
 * balances and totals), as the parser reads it (docs/decisions/111): for the sample download and
 * the demo raffle. Never a real statement.
 */
export function gcashStatementPdf(options: {
  rows: GcashSampleRow[];
  from: string;
  to: string;
  password?: string;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 30,
    ...(options.password
      ? { userPassword: options.password, ownerPassword: `${options.password}-owner`, pdfVersion: "1.7" as const }
      : {}),
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const columns = [30, 150, 420, 540, 620, 700];
  let y = 30;
  const row = (cells: string[]) => {
    if (y > 540) {
      doc.addPage();
      y = 30;
    }
    cells.forEach((cell, i) => cell && doc.text(cell, columns[i], y, { lineBreak: false }));
    y += 14;
  };
  doc.fontSize(8);
  row(["GCash Transaction History"]);
  row([`Date Range: ${options.from} to ${options.to}`]);
  row(["Account: JUAN DELA CRUZ 09171234567"]);
  y += 6;
  row(["Date and Time", "Description", "Reference No.", "Debit", "Credit", "Balance"]);
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

export const SAMPLE_NAMES = ["gcash.pdf", ...SAMPLE_BANKS.map((b) => `${b.toLowerCase()}.csv`)];

/**
 * GET /api/reconciliation/samples/{name} (administrators): a sample statement dated today in
 * Manila, to try the import with (issue 38 item 8). Its references match no payment, so importing
 * it shows unmatched lines ("money without tickets") and can be undone with Discard.
 */
export async function sampleStatement(options: {
  principal: Principal;
  name: string;
}): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
  requireAdmin(options.principal);
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  if (options.name === "gcash.pdf") {
    const rows = sampleBankLines(day)
      .filter((l) => !l.debit)
      .map((l, i) => ({
        time: `${day} ${String(9 + i).padStart(2, "0")}:1${i} AM`,
        description: `Received GCash from ${l.description.split(" ").slice(-3).join(" ")}`,
        reference: `10045${String(12300 + i).padStart(8, "0")}`,
        credit: l.amount,
        balance: (1000 + 100 * (i + 1)).toFixed(2),
      }));
    return {
      bytes: await gcashStatementPdf({ rows, from: day, to: day }),
      fileName: `sample-gcash-${day}.pdf`,
      contentType: "application/pdf",
    };
  }
  const bank = SAMPLE_BANKS.find((b) => `${b.toLowerCase()}.csv` === options.name);
  if (!bank)
    throw new AppError(
      "not_found",
      `No sample statement named '${options.name}' (samples: ${SAMPLE_NAMES.join(", ")})`,
    );
  const csv = bankStatementCsv(BANK_SAMPLE_LAYOUTS[bank], sampleBankLines(day));
  return {
    bytes: new TextEncoder().encode(csv),
    fileName: `sample-${bank.toLowerCase()}-${day}.csv`,
    contentType: "text/csv; charset=utf-8",
  };
}
