// The one GCash statement PDF generator (issue 41): the sample download and the demo raffle
// (server/reconciliation/sample-statements.ts) and the reconciliation tests, benchmark and e2e
// (tests/helpers/statement-files.ts) all make their PDFs here. No `server-only`: tests import it.
import PDFDocument from "pdfkit";

export interface GcashStatementRow {
  /** Manila time as printed: '2026-11-03 09:15 AM'. */
  time: string;
  description: string;
  reference: string;
  debit?: string;
  credit?: string;
  balance: string;
}

/**
 * A statement in GCash's transaction-history shape (title, date range, the six-column table,
 * balances and totals), as the parser reads it (docs/decisions/111). Never a real statement.
 * Optionally password-protected, the way GCash sends it; the header and the extra streams are for
 * the parser's refusal tests.
 */
export function gcashStatementPdf(options: {
  rows: GcashStatementRow[];
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
    // pdfkit does not type the page's content stream and dictionary: the extra streams go beside them.
    const page = doc.page as typeof doc.page & { content: unknown; dictionary: { data: Record<string, unknown> } };
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
