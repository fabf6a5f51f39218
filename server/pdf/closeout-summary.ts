// The close-out archive's one-page summary (issue 24, docs/decisions/145): the per-event summary
// that raffle rules ask for (North Dakota's, Washington's): the ticket ranges, how many were sold and
// voided, the gross, and the prizes with their outcome. Pure rendering from plain data (amounts in
// centavos), drawn with the shared pdfkit base in the archive's worker (raffle-archive.worker.ts).
import { formatCentavos } from "@/lib/money";
import { createPdf, pdfBuffer, PAPER, type PaperSize } from "@/server/pdf/pdf-document";

export interface SummaryRange {
  from: number;
  to: number;
  fromControl: string;
  toControl: string;
  count: number;
}

export interface SummaryPrize {
  rank: number;
  name: string;
  valueCentavos: number;
  /** The prize's effective winner's control number, or null (not drawn, or every backup used). */
  winnerControl: string | null;
  /** 'Claimed', 'Forfeited', 'Not drawn', 'No eligible winner' ... */
  outcome: string;
}

export interface CloseoutSummaryData {
  raffleName: string;
  raffleStatus: string;
  /** Already in the raffle's timezone, as people read it. */
  exportedAt: string;
  /** Runs of consecutive ticket numbers, in order; at most SUMMARY_RANGE_LIMIT of them. */
  ranges: SummaryRange[];
  /** Runs left out to keep the page to one (their tickets are still in the counts). */
  moreRanges: number;
  issued: number;
  sold: number;
  voided: number;
  /** Issued, neither sold nor voided. */
  unsold: number;
  /** The amounts of the sold tickets (voided ones excluded). */
  grossCentavos: number;
  prizes: SummaryPrize[];
  /**
   * The payment ledger's money (issue 37, docs/decisions/193), the same figures as the Overview, Close-out
   * and GET /api/reconciliation/summary: label, pesos in centavos and how many payments (remittances).
   */
  money: { label: string; centavos: number; count: number; unit: string }[];
}

/** Ranges listed on the page; a raffle printed in more runs than this lists the first ones and a count. */
export const SUMMARY_RANGE_LIMIT = 12;
/** Prizes listed on the page (the rest are counted). */
export const SUMMARY_PRIZE_LIMIT = 15;

const MARGIN = 44;

function row(doc: PDFKit.PDFDocument, label: string, value: string, width: number) {
  const y = doc.y;
  doc.font("regular").fontSize(10).fillColor("#444444").text(label, MARGIN, y, { width: 200 });
  doc
    .fillColor("black")
    .font("bold")
    .fontSize(10)
    .text(value, MARGIN + 206, y, { width: width - 206 });
  doc.x = MARGIN;
}

function heading(doc: PDFKit.PDFDocument, text: string, width: number) {
  doc.moveDown(0.6);
  doc.font("bold").fontSize(12).text(text, MARGIN, doc.y, { width });
  doc.moveDown(0.2);
}

const count = (n: number) => n.toLocaleString("en-US");

/** One page: ranges, sold, voids, gross, prizes. */
export async function renderCloseoutSummary(data: CloseoutSummaryData, paper: PaperSize): Promise<Buffer> {
  const doc = createPdf({ paper, title: "Raffle summary", tagged: true, margin: MARGIN });
  const done = pdfBuffer(doc);
  doc.addPage();
  const width = PAPER[paper].width - MARGIN * 2;
  doc
    .font("bold")
    .fontSize(16)
    .text(data.raffleName || "Raffle", MARGIN, MARGIN, { width });
  doc.font("bold").fontSize(14).text("Raffle summary", { width });
  doc
    .font("regular")
    .fontSize(9)
    .fillColor("#444444")
    .text(`Exported ${data.exportedAt} while the raffle was ${data.raffleStatus}.`, { width });
  doc.fillColor("black");

  heading(doc, "Tickets", width);
  row(doc, "Tickets issued", count(data.issued), width);
  row(doc, "Tickets sold", count(data.sold), width);
  row(doc, "Tickets voided", count(data.voided), width);
  row(doc, "Tickets unsold", count(data.unsold), width);
  row(doc, "Gross from tickets sold", formatCentavos(data.grossCentavos), width);

  heading(doc, "Money", width);
  for (const m of data.money)
    row(doc, m.label, `${formatCentavos(m.centavos)} (${count(m.count)} ${m.unit}${m.count === 1 ? "" : "s"})`, width);

  heading(doc, "Ticket number ranges", width);
  if (!data.ranges.length) doc.font("regular").fontSize(10).text("No tickets.", MARGIN, doc.y, { width });
  for (const r of data.ranges) {
    doc
      .font("regular")
      .fontSize(10)
      .text(
        `${r.fromControl} to ${r.toControl}  (numbers ${r.from}–${r.to}, ${count(r.count)} tickets)`,
        MARGIN,
        doc.y,
        { width },
      );
  }
  if (data.moreRanges)
    doc
      .font("regular")
      .fontSize(10)
      .text(`and ${count(data.moreRanges)} more ranges (every ticket is in tickets.csv).`, MARGIN, doc.y, { width });

  heading(doc, "Prizes", width);
  if (!data.prizes.length) doc.font("regular").fontSize(10).text("No prizes.", MARGIN, doc.y, { width });
  for (const p of data.prizes.slice(0, SUMMARY_PRIZE_LIMIT)) {
    doc
      .font("regular")
      .fontSize(10)
      .text(
        `${p.rank}.  ${p.name}  ${formatCentavos(p.valueCentavos)}  ` +
          `—  ${p.winnerControl ? `${p.winnerControl}, ` : ""}${p.outcome}`,
        MARGIN,
        doc.y,
        { width },
      );
  }
  if (data.prizes.length > SUMMARY_PRIZE_LIMIT)
    doc
      .font("regular")
      .fontSize(10)
      .text(`and ${data.prizes.length - SUMMARY_PRIZE_LIMIT} more prizes (reports/winners.csv).`, MARGIN, doc.y, {
        width,
      });
  const prizeTotal = data.prizes.reduce((sum, p) => sum + p.valueCentavos, 0);
  doc.moveDown(0.3);
  row(doc, "Total value of prizes", formatCentavos(prizeTotal), width);
  doc.end();
  return done;
}
