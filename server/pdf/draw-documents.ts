// The draw's two printed documents (issue 23, docs/decisions/126-draw-pdfs.md), drawn with the
// shared pdfkit base (Noto Sans, so ₱ prints; tagged, lang en-PH): the Commitment Notice the
// witnesses sign at the commit, and the certificate as the Minutes of the Draw with signature lines.
// Pure rendering from plain data: the instance reads the draw and signs the certificate; the worker
// (server/jobs/kinds/draw-pdf.worker.ts) draws.
import { formatAmount } from "@/lib/money";
import { createPdf, pdfBuffer, PAPER, type PaperSize } from "@/server/pdf/pdf-document";

export interface DrawPdfPrize {
  rank: number;
  name: string;
  valuePhp: string;
  backups: number;
}

export interface CommitmentNoticeData {
  raffleName: string;
  drawNumber: number;
  drawId: string;
  algorithm: string;
  committedAt: string;
  poolCount: number;
  poolHash: string;
  commitHash: string;
  sourceText: string;
  prizes: DrawPdfPrize[];
  proofUrl: string;
  /** The installation's signing key (key-fingerprint.ts): the one the certificate must carry. */
  publicKeyFingerprint: string;
}

export interface MinutesData extends CommitmentNoticeData {
  revealedAt: string;
  publishedAt: string | null;
  outsideValue: string;
  serverSeed: string;
  seed: string;
  witnesses: string[];
  sequence: {
    position: number;
    controlNumber: string;
    prizeName: string;
    role: "winner" | "backup";
    stateLabel: string;
    maskedName: string | null;
  }[];
  disqualifications: {
    position: number;
    controlNumber: string | null;
    event: string;
    reason: string | null;
    note: string | null;
    at: string;
  }[];
  auditCheckpoint: string;
  appVersion: string;
  issuedAt: string;
  signature: string;
}

export type DrawPdfInput =
  | { kind: "commitment"; paper: PaperSize; notice: CommitmentNoticeData }
  | { kind: "minutes"; paper: PaperSize; minutes: MinutesData };

const MARGIN = 44;

function layout(doc: PDFKit.PDFDocument, paper: PaperSize) {
  const { width: pageWidth, height: pageHeight } = PAPER[paper];
  const width = pageWidth - MARGIN * 2;
  const bottom = pageHeight - MARGIN;
  const room = (needed: number) => {
    if (doc.y + needed > bottom) doc.addPage();
  };
  return { width, room };
}

function heading(doc: PDFKit.PDFDocument, text: string, width: number) {
  doc.moveDown(0.6);
  doc.font("bold").fontSize(12).text(text, MARGIN, doc.y, { width });
  doc.moveDown(0.2);
}

function field(doc: PDFKit.PDFDocument, label: string, value: string, width: number, mono = false) {
  const y = doc.y;
  doc.font("regular").fontSize(9).fillColor("#444444").text(label, MARGIN, y, { width: 120 });
  doc
    .fillColor("black")
    .font(mono ? "regular" : "regular")
    .fontSize(mono ? 8.5 : 10)
    .text(value, MARGIN + 126, y, { width: width - 126 });
  doc.x = MARGIN;
}

function commitmentFields(doc: PDFKit.PDFDocument, data: CommitmentNoticeData, width: number) {
  field(doc, "Draw", `Draw ${data.drawNumber} (${data.drawId})`, width);
  field(doc, "Algorithm", data.algorithm, width);
  field(doc, "Committed at", data.committedAt, width);
  field(doc, "Tickets in the pool", data.poolCount.toLocaleString("en-US"), width);
  field(doc, "Pool hash (SHA-256)", data.poolHash, width, true);
  field(doc, "Commit hash", data.commitHash, width, true);
  field(doc, "Outside value", data.sourceText, width);
  field(doc, "Public proof", data.proofUrl, width);
  field(doc, "Signing key (SHA-256)", data.publicKeyFingerprint, width, true);
}

function prizeTable(doc: PDFKit.PDFDocument, prizes: DrawPdfPrize[], width: number, room: (n: number) => void) {
  for (const p of prizes) {
    room(16);
    doc
      .font("regular")
      .fontSize(10)
      .text(
        `${p.rank}.  ${p.name}  —  ${formatAmount(p.valuePhp)}  (${p.backups} backup${p.backups === 1 ? "" : "s"})`,
        MARGIN,
        doc.y,
        { width },
      );
  }
}

function signatureLines(doc: PDFKit.PDFDocument, labels: string[], width: number, room: (n: number) => void) {
  const half = (width - 30) / 2;
  for (let i = 0; i < labels.length; i += 2) {
    room(60);
    const y = doc.y + 34;
    for (const [j, label] of labels.slice(i, i + 2).entries()) {
      const x = MARGIN + j * (half + 30);
      doc
        .moveTo(x, y)
        .lineTo(x + half, y)
        .stroke();
      doc
        .font("regular")
        .fontSize(9)
        .text(label, x, y + 4, { width: half });
    }
    doc.x = MARGIN;
    doc.y = y + 22;
  }
}

/** The Commitment Notice: what is fixed before the outside value exists, for the witnesses to sign. */
export async function renderCommitmentNotice(data: CommitmentNoticeData, paper: PaperSize): Promise<Buffer> {
  const doc = createPdf({ paper, title: `Draw ${data.drawNumber}: Commitment Notice`, tagged: true, margin: MARGIN });
  const done = pdfBuffer(doc);
  doc.addPage();
  const { width, room } = layout(doc, paper);
  doc
    .font("bold")
    .fontSize(16)
    .text(data.raffleName || "Raffle", MARGIN, MARGIN, { width });
  doc.font("bold").fontSize(14).text(`Draw ${data.drawNumber}: Commitment Notice`, { width });
  doc
    .font("regular")
    .fontSize(10)
    .text(
      "The pool of tickets, the hash of a secret server seed and the source of the outside value " +
        "below are fixed now, before the outside value exists. At the draw the server seed is " +
        "revealed; anyone can then re-check the winners from the published files.",
      { width },
    );
  heading(doc, "Commitment", width);
  commitmentFields(doc, data, width);
  doc.moveDown(0.3);
  doc
    .font("regular")
    .fontSize(9)
    .text(
      "The certificate published after the draw must be signed with this key. Anyone can insist on " +
        'it: node verify-draw.mjs --key "<signing key above>" certificate.json pool.csv',
      MARGIN,
      doc.y,
      { width },
    );
  heading(doc, "Prizes", width);
  prizeTable(doc, data.prizes, width, room);
  heading(doc, "Witnessed by", width);
  signatureLines(
    doc,
    [
      "Witness (name, signature, date)",
      "Witness (name, signature, date)",
      "DTI representative (name, signature, date)",
      "Organiser (name, signature, date)",
    ],
    width,
    room,
  );
  doc.end();
  return done;
}

/**
 * The certificate as the Minutes of the Draw: every hash, the outside value, the sequence, the history, signature
 * lines.
 */
export async function renderDrawMinutes(data: MinutesData, paper: PaperSize): Promise<Buffer> {
  const doc = createPdf({ paper, title: `Draw ${data.drawNumber}: Minutes of the Draw`, tagged: true, margin: MARGIN });
  const done = pdfBuffer(doc);
  doc.addPage();
  const { width, room } = layout(doc, paper);
  doc
    .font("bold")
    .fontSize(16)
    .text(data.raffleName || "Raffle", MARGIN, MARGIN, { width });
  doc.font("bold").fontSize(14).text(`Draw ${data.drawNumber}: Minutes of the Draw`, { width });
  doc
    .font("regular")
    .fontSize(10)
    .text(
      "Certificate of a draw made with the algorithm below, re-checkable by anyone with " +
        "certificate.json, pool.csv and verify-draw.mjs from the public proof page.",
      { width },
    );
  heading(doc, "Commitment", width);
  commitmentFields(doc, data, width);
  heading(doc, "The draw", width);
  field(doc, "Drawn at", data.revealedAt, width);
  field(doc, "Outside value", data.outsideValue, width, true);
  field(doc, "Server seed", data.serverSeed, width, true);
  field(doc, "Seed", data.seed, width, true);
  // One per line: a witness's name may hold a comma ("Lito Lapid, class president").
  field(doc, "Witnesses", data.witnesses.join("\n") || "—", width);
  if (data.publishedAt) field(doc, "Published at", data.publishedAt, width);
  heading(doc, "Prizes", width);
  prizeTable(doc, data.prizes, width, room);
  heading(doc, "Sequence", width);
  for (const s of data.sequence) {
    room(14);
    doc
      .font("regular")
      .fontSize(9.5)
      .text(
        `${s.position}.  ${s.controlNumber}  ${s.prizeName} (${s.role})  ${s.maskedName ?? "—"}  ${s.stateLabel}`,
        MARGIN,
        doc.y,
        { width },
      );
  }
  heading(doc, "Disqualifications, forfeits and reinstatements", width);
  if (!data.disqualifications.length) doc.font("regular").fontSize(10).text("None.", MARGIN, doc.y, { width });
  for (const d of data.disqualifications) {
    room(28);
    doc
      .font("regular")
      .fontSize(9.5)
      .text(
        `Position ${d.position} ` +
          (`(${d.controlNumber ?? "—"}): ` +
            `${d.event}${d.reason ? `, ${d.reason}` : ""}${d.note ? `: ${d.note}` : ""} — ${d.at}`),
        MARGIN,
        doc.y,
        { width },
      );
  }
  heading(doc, "Integrity", width);
  field(doc, "Audit checkpoint", data.auditCheckpoint, width, true);
  field(doc, "App version", data.appVersion, width);
  field(doc, "Issued at", data.issuedAt, width);
  field(doc, "Signing key (SHA-256)", data.publicKeyFingerprint, width, true);
  field(doc, "Ed25519 signature", data.signature, width, true);
  heading(doc, "Signed", width);
  signatureLines(
    doc,
    [
      "DTI representative (name, signature, date)",
      "Witness (name, signature, date)",
      "Witness (name, signature, date)",
      "Raffle chairperson (name, signature, date)",
    ],
    width,
    room,
  );
  doc.end();
  return done;
}
