// The remittance receipt (two copies on one page: the seller's and the treasurer's) and the
// remittance report (per seller or the whole raffle), drawn with the shared pdfkit base (Noto Sans,
// so ₱ prints). Pure rendering from plain data: the instance reads the database and formats dates;
// the worker (server/jobs/kinds/remittance-pdf.worker.ts) draws. docs/decisions/093-remittance-paper.md.
import { formatAmount } from "@/lib/money";
import { createPdf, pdfBuffer, PAPER, type PaperSize } from "@/server/pdf/pdf-document";
import type { SellerBalance } from "@/lib/schemas/remittance";

export interface ReceiptData {
  raffleName: string;
  receiptNumber: number;
  sellerName: string;
  sellerEmail: string;
  /** '1250.00' */
  amount: string;
  methodLabel: string;
  /** Dates already in the raffle's timezone, as people read them. */
  createdAt: string;
  coversUntil: string;
  receivedBy: string;
  note: string | null;
  voided: boolean;
  voidReason: string | null;
}

/**
 * A seller's part of a report: the figures of their balance row (lib/schemas/remittance.ts), and their receipts and
 * adjustments.
 */
export type ReportSeller = Pick<
  SellerBalance,
  | "name"
  | "email"
  | "allocated"
  | "sold"
  | "outstandingStubs"
  | "outstandingValue"
  | "cashCollected"
  | "nonCashCollected"
  | "remitted"
  | "adjustments"
  | "balance"
> & {
  receipts: {
    receiptNumber: number;
    createdAt: string;
    amount: string;
    methodLabel: string;
    voided: boolean;
    voidReason: string | null;
  }[];
  adjustmentList: { createdAt: string; amount: string; reason: string }[];
};

export interface ReportData {
  raffleName: string;
  title: string;
  generatedAt: string;
  sellers: ReportSeller[];
  totals: {
    cashCollected: string;
    remitted: string;
    adjustments: string;
    balance: string;
    outstandingStubs: number;
    outstandingValue: string;
  } | null;
  /** All sellers' report only: the payment ledger's GCash and bank money (issue 37), as every other surface prints it.
   */
  money?: { label: string; text: string }[];
}

export type RemittancePdfInput =
  | { kind: "receipt"; paper: PaperSize; receipt: ReceiptData }
  | { kind: "report"; paper: PaperSize; report: ReportData };

const MARGIN = 40;

function drawReceiptCopy(doc: PDFKit.PDFDocument, data: ReceiptData, copy: string, top: number, width: number) {
  const left = MARGIN;
  doc
    .font("bold")
    .fontSize(16)
    .text(data.raffleName || "Raffle", left, top, { width });
  doc
    .font("regular")
    .fontSize(10)
    .fillColor("#444444")
    .text(copy, left, top + 4, { width, align: "right" });
  doc.fillColor("black");
  doc
    .font("bold")
    .fontSize(20)
    .text(`Receipt No. ${data.receiptNumber}`, left, top + 30, { width });
  if (data.voided) {
    doc
      .font("bold")
      .fontSize(20)
      .fillColor("#b91c1c")
      .text("VOID", left, top + 30, { width, align: "right" });
    doc.fillColor("black");
  }
  doc.font("regular").fontSize(11);
  const rows: [string, string][] = [
    ["Received from", `${data.sellerName} (${data.sellerEmail})`],
    ["Amount", formatAmount(data.amount)],
    ["Method", data.methodLabel],
    ["Covers sales up to", data.coversUntil],
    ["Date", data.createdAt],
    ["Received by", data.receivedBy],
  ];
  if (data.note) rows.push(["Note", data.note]);
  if (data.voided) rows.push(["Voided", data.voidReason ?? ""]);
  let y = top + 64;
  for (const [label, value] of rows) {
    doc.font("regular").fontSize(11).text(label, left, y, { width: 130 });
    doc
      .font(label === "Amount" ? "bold" : "regular")
      .fontSize(label === "Amount" ? 14 : 11)
      .text(value, left + 140, y - (label === "Amount" ? 2 : 0), { width: width - 140 });
    y += label === "Amount" ? 22 : 18;
  }
  const lineY = top + 300;
  const half = (width - 30) / 2;
  doc
    .moveTo(left, lineY)
    .lineTo(left + half, lineY)
    .stroke();
  doc
    .moveTo(left + half + 30, lineY)
    .lineTo(left + width, lineY)
    .stroke();
  doc
    .font("regular")
    .fontSize(9)
    .text("Remitted by (seller's signature)", left, lineY + 4, { width: half });
  doc.text("Received by (treasurer's signature)", left + half + 30, lineY + 4, { width: half });
}

/** One page: the seller's copy above, the treasurer's below, a cut line between. */
export async function renderReceipt(data: ReceiptData, paper: PaperSize): Promise<Buffer> {
  const doc = createPdf({ paper, title: `Receipt No. ${data.receiptNumber}`, tagged: true, margin: MARGIN });
  const done = pdfBuffer(doc);
  doc.addPage();
  const { width: pageWidth, height: pageHeight } = PAPER[paper];
  const width = pageWidth - MARGIN * 2;
  drawReceiptCopy(doc, data, "SELLER'S COPY", MARGIN, width);
  const middle = pageHeight / 2;
  doc
    .save()
    .dash(4, { space: 4 })
    .moveTo(MARGIN / 2, middle)
    .lineTo(pageWidth - MARGIN / 2, middle)
    .stroke()
    .undash()
    .restore();
  doc
    .font("regular")
    .fontSize(8)
    .fillColor("#666666")
    .text("cut here", MARGIN, middle - 12, { width, align: "center" });
  doc.fillColor("black");
  drawReceiptCopy(doc, data, "TREASURER'S COPY", middle + MARGIN / 2, width);
  doc.end();
  return done;
}

/** The report: per seller their figures, receipts (void ones marked VOID) and adjustments; totals last. */
export async function renderReport(data: ReportData, paper: PaperSize): Promise<Buffer> {
  const doc = createPdf({ paper, title: data.title, tagged: true, margin: MARGIN });
  const done = pdfBuffer(doc);
  doc.addPage();
  const { width: pageWidth, height: pageHeight } = PAPER[paper];
  const width = pageWidth - MARGIN * 2;
  const bottom = pageHeight - MARGIN;
  const room = (needed: number) => {
    if (doc.y + needed > bottom) doc.addPage();
  };
  doc
    .font("bold")
    .fontSize(16)
    .text(data.raffleName || "Raffle", MARGIN, MARGIN, { width });
  doc.font("bold").fontSize(13).text(data.title, { width });
  doc.font("regular").fontSize(9).text(`Generated ${data.generatedAt}`, { width });
  doc.moveDown();
  if (data.sellers.length === 0)
    doc.font("regular").fontSize(11).text("No seller has stubs, sales or remittances yet.", { width });
  for (const s of data.sellers) {
    room(120);
    doc.font("bold").fontSize(12).text(`${s.name} (${s.email})`, MARGIN, doc.y, { width });
    doc.font("regular").fontSize(10);
    doc.text(
      `Stubs held ${s.allocated}, sold ${s.sold}, ` +
        `outstanding ${s.outstandingStubs} ` +
        `(${formatAmount(s.outstandingValue)}). ` +
        (`Cash collected ${formatAmount(s.cashCollected)}; GCash and ` +
          `bank ${formatAmount(s.nonCashCollected)} (paid to the organisation, for ` +
          `information).`),
      { width },
    );
    doc
      .font("bold")
      .text(
        `Remitted ${formatAmount(s.remitted)}, ` +
          `adjustments ${formatAmount(s.adjustments)}, ` +
          `balance ${formatAmount(s.balance)}`,
        { width },
      );
    doc.font("regular");
    for (const r of s.receipts) {
      room(14);
      const line =
        `Receipt No. ${r.receiptNumber}  ${r.createdAt}  ${r.methodLabel}  ` +
        `${formatAmount(r.amount)}${r.voided ? `  VOID (${r.voidReason ?? ""})` : ""}`;
      doc.text(line, MARGIN + 12, doc.y, { width: width - 12 });
    }
    for (const a of s.adjustmentList) {
      room(14);
      doc.text(`Adjustment  ${a.createdAt}  ${formatAmount(a.amount)}  ${a.reason}`, MARGIN + 12, doc.y, {
        width: width - 12,
      });
    }
    doc.moveDown(0.8);
  }
  if (data.totals) {
    room(60);
    const t = data.totals;
    doc.font("bold").fontSize(12).text("Totals", MARGIN, doc.y, { width });
    doc
      .font("regular")
      .fontSize(10)
      .text(
        `Cash collected ${formatAmount(t.cashCollected)}, ` +
          `remitted ${formatAmount(t.remitted)}, ` +
          `adjustments ${formatAmount(t.adjustments)}, ` +
          (`balance ${formatAmount(t.balance)}. Outstanding ` +
            `stubs ${t.outstandingStubs} ` +
            `(${formatAmount(t.outstandingValue)}).`),
        { width },
      );
  }
  if (data.money?.length) {
    room(100);
    doc.moveDown(0.5);
    doc.font("bold").fontSize(12).text("GCash and bank payments", MARGIN, doc.y, { width });
    for (const m of data.money)
      doc.font("regular").fontSize(10).text(`${m.label}: ${m.text}`, MARGIN, doc.y, { width });
  }
  doc.end();
  return done;
}
