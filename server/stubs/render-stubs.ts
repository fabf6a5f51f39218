// Draws ticket stubs into a pdfkit document (issue 22): each row is the counterfoil (kept by the
// organiser: control number, lines for the buyer, signatures, a QR of the plain control number)
// left of a perforation, and the buyer's ticket right of it (raffle name, permit, draw, venue,
// price, control number, the verify QR and the manual code, 'REPRINT n'). Pure drawing: the worker
// (server/jobs/kinds/stubs-pdf.worker.ts) calls it page by page and streams the bytes.
import {
  COUNTERFOIL_WIDTH,
  PAPER_POINTS,
  SHEET_MARGIN,
  stubBoxes,
  stubsPerPage,
  ticketAt,
  type Layout,
  type Paper,
  type StackOrder,
} from "@/lib/stubs/stub-layout";
import { shapeFastWithFonts } from "@/server/pdf/fast-text-layout";
import { encodeQr, type QrMatrix } from "@/server/stubs/qr-code";
import { makeVerifyToken, manualCodeOfToken, verifyUrl } from "@/server/stubs/verify-token";

/** One stub: [ticket number, control number, buyer's name or null, print count (this print included), code version]. */
export type StubRow = [number, string, string | null, number, number];

export interface StubSheetOptions {
  paper: Paper;
  layout: Layout;
  order: StackOrder;
  calibration: boolean;
  raffle: {
    name: string;
    /** Printed as is after "Permit No." (empty: no permit line). */
    permitNumber: string;
    /** "Sun, Dec 20, 2026 3:00 PM" (empty: not printed). */
    drawText: string;
    venue: string;
    /** "₱50.00" */
    priceText: string;
    /** "Prizes: 1st Motorcycle · 2nd Rice cooker" (empty: none set, no line). */
    prizesText?: string;
  };
  /** Where the verify QR points (PUBLIC_BASE_URL or the server's own address). */
  verifyBaseUrl: string;
  keyVersion: string;
  /** The derived verify key (hex). */
  keyHex: string;
  /**
   * Draw the parts every stub shares (labels, lines, raffle name, permit, draw, price, footer)
   * once, as a PDF form XObject placed on each row, instead of again for every stub (default;
   * false only to measure the difference: bench/stubs-render.ts --no-forms).
   */
  fixedPartsOnce?: boolean;
}

type Doc = PDFKit.PDFDocument;
type Box = { x: number; y: number; width: number; height: number };

const INK = "#000000";
const GUIDE = "#777777";

/** Shrinks a line to its box: smaller type down to `min`, then cut with an ellipsis. */
function fitText(
  doc: Doc,
  text: string,
  font: string,
  size: number,
  min: number,
  width: number,
): { text: string; size: number } {
  doc.font(font);
  let s = size;
  while (s > min && doc.fontSize(s).widthOfString(text) > width) s -= 0.5;
  doc.fontSize(s);
  if (doc.widthOfString(text) <= width) return { text, size: s };
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size: s };
}

function line(doc: Doc, text: string, x: number, y: number, font: "regular" | "bold", size: number) {
  doc.font(font).fontSize(size).text(text, x, y, { lineBreak: false });
}

function rule(doc: Doc, x1: number, y: number, x2: number) {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.5).strokeColor(INK).stroke();
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
const QUIET = 4;
const num = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * A QR code as an inline image in the page's content (`BI … ID … EI`): 1 bit per module, the
 * 4-module quiet zone included, 1 = white, as ASCII hex (no binary in the content stream, so no
 * reader can mistake data for `EI`), scaled without smoothing like any PDF image. Inline, not an
 * image XObject through doc.image(): no PNG to build and deflate, no object, no xref entry and no
 * resource name per code — 20,000 of each per 10,000 stubs (decision 150). The page's content
 * stream is compressed as a whole. pdfkit flips y (its pages start with `1 0 0 -1 0 H cm`), so the
 * image is placed as doc.image() places it: `size 0 0 -size x y+size cm`.
 */
export function qrInlineImage(qr: QrMatrix, x: number, y: number, size: number): Uint8Array {
  const side = qr.size + 2 * QUIET;
  const rowBytes = Math.ceil(side / 8);
  const row = new Uint8Array(rowBytes);
  let hex = "";
  for (let py = 0; py < side; py++) {
    row.fill(0xff);
    const my = py - QUIET;
    if (my >= 0 && my < qr.size) {
      const base = my * qr.size;
      for (let mx = 0; mx < qr.size; mx++) {
        if (!qr.modules[base + mx]) continue;
        const px = mx + QUIET;
        row[px >>> 3] &= ~(0x80 >>> (px & 7));
      }
    }
    for (let i = 0; i < rowBytes; i++) hex += HEX[row[i]];
  }
  const ops =
    `q ${num(size)} 0 0 ${num(-size)} ${num(x)} ${num(y + size)} cm\nBI ` +
    `/W ${side} /H ${side} /BPC 1 /CS /G /F /AHx ID\n${hex}>\nEI Q\n`;
  return Buffer.from(ops, "latin1");
}

function qrImage(doc: Doc, text: string, x: number, y: number, size: number) {
  // A Uint8Array goes to the page's content as is (pdfkit converts strings character by character).
  (doc as unknown as { addContent(data: Uint8Array): Doc }).addContent(qrInlineImage(encodeQr(text), x, y, size));
}

/** Text centred in a width without pdfkit's line wrapper (a word measured once, drawn once). */
function centred(doc: Doc, text: string, x: number, y: number, width: number, font: "regular" | "bold", size: number) {
  doc.font(font).fontSize(size);
  doc.text(text, x + (width - doc.widthOfString(text)) / 2, y, { lineBreak: false });
}

interface Prepared {
  name: { text: string; size: number };
  prizes: { text: string; size: number } | null;
  permit: { text: string; size: number } | null;
  draw: { text: string; size: number } | null;
  footer: string;
  key: Buffer;
}

/** "raffle.example.ph/verify": where a buyer types the code (the base's host and path, no scheme). */
export function verifyPageAddress(baseUrl: string) {
  const u = new URL(baseUrl);
  return `${u.host}${u.pathname.replace(/\/+$/, "")}/verify`;
}

function prepare(doc: Doc, options: StubSheetOptions, ticketTextWidth: number, compact: boolean): Prepared {
  const { raffle } = options;
  const drawBits = [raffle.drawText && `Draw: ${raffle.drawText}`, raffle.venue].filter(Boolean).join(" · ");
  return {
    name: fitText(doc, raffle.name || "Raffle", "bold", compact ? 10 : 13, 7, ticketTextWidth),
    permit: raffle.permitNumber
      ? fitText(doc, `Permit No. ${raffle.permitNumber}`, "regular", compact ? 6.5 : 8, 5.5, ticketTextWidth)
      : null,
    draw: drawBits ? fitText(doc, drawBits, "regular", compact ? 6.5 : 8, 5.5, ticketTextWidth) : null,
    // Below the control number: as wide as the ticket left of the QR; shrunk, then cut with '…'.
    prizes: raffle.prizesText
      ? fitText(doc, raffle.prizesText, "regular", compact ? 6 : 7.5, 5, ticketTextWidth)
      : null,
    footer:
      `Keep this ticket. Check your number: scan the code, or enter the ` +
      `verify code at ${verifyPageAddress(options.verifyBaseUrl)}`,
    key: Buffer.from(options.keyHex, "hex"),
  };
}

/** A labelled line for the buyer's details: the label at (labelX, y), its rule from lineX to right under it. */
export interface FormLine {
  label: string;
  labelX: number;
  lineX: number;
  right: number;
  /** The label's top; the rule is at y + size + 1. */
  y: number;
}

/**
 * Where a counterfoil's parts go: the same for every stub of a layout. 5 a page: four full-width
 * lines (Name, Phone, Address, Seller) under the QR. 10 a page, whose rows are 74 pt on Letter:
 * the lines start under the control number, Name ends left of the QR, Phone and Seller share a
 * line, so three lines fit 11 pt apart above the signature lines (four full-width lines under the
 * QR left 4.5 pt between lines of 5.5 pt labels, and the rules ran through the labels).
 */
export function counterfoilGeometry(box: Box, compact: boolean) {
  const pad = compact ? 6 : 10;
  // The QR image carries its own 4-module quiet zone; nothing else is drawn inside it.
  const qrSize = compact ? 38 : 50;
  const x = box.x + pad;
  const right = box.x + box.width - pad;
  const qrX = right - qrSize + 5;
  const qrBottom = box.y + 1 + qrSize;
  const size = compact ? 5.5 : 7;
  const sigY = box.y + box.height - pad - size - 1;
  const lines: FormLine[] = [];
  if (compact) {
    // Under the control number (10 pt bold from pad + 7: its line box ends 13.6 pt lower).
    const top = box.y + pad + 7 + 14;
    const gap = Math.min(11, (sigY - 3 - (size + 1) - top) / 2);
    const nameRuleY = top + size + 1;
    const mid = x + (right - x) / 2;
    lines.push(
      { label: "Name", labelX: x, lineX: x + 24, right: nameRuleY < qrBottom ? qrX - 3 : right, y: top },
      { label: "Phone", labelX: x, lineX: x + 24, right: mid - 4, y: top + gap },
      { label: "Seller", labelX: mid + 2, lineX: mid + 22, right, y: top + gap },
      { label: "Address", labelX: x, lineX: x + 24, right, y: top + 2 * gap },
    );
  } else {
    const top = box.y + qrSize + 4;
    const labels = ["Name", "Phone", "Address", "Seller"];
    const gap = Math.min(17, (sigY - 11 - top) / labels.length);
    labels.forEach((label, i) => lines.push({ label, labelX: x, lineX: x + 30, right, y: top + i * gap }));
  }
  return { pad, qrSize, qrX, x, right, size, sigY, lines };
}

/** The counterfoil's fixed parts: "No.", the labelled lines for the buyer, the signature lines. */
function drawCounterfoilFixed(doc: Doc, box: Box, compact: boolean) {
  const g = counterfoilGeometry(box, compact);
  line(doc, "No.", g.x, box.y + g.pad, "regular", compact ? 6 : 7);
  for (const l of g.lines) {
    line(doc, l.label, l.labelX, l.y, "regular", g.size);
    rule(doc, l.lineX, l.y + g.size + 1, l.right);
  }
  const half = (g.right - g.x - 6) / 2;
  rule(doc, g.x, g.sigY, g.x + half);
  rule(doc, g.x + half + 6, g.sigY, g.right);
  line(doc, "Buyer's signature", g.x, g.sigY + 1.5, "regular", g.size - 1);
  line(doc, "Seller's signature", g.x + half + 6, g.sigY + 1.5, "regular", g.size - 1);
}

/** The counterfoil's own parts: the control number, its QR, the buyer's name if sold. */
function drawCounterfoilStub(doc: Doc, box: Box, stub: StubRow, compact: boolean) {
  const [, controlNumber, buyer] = stub;
  const g = counterfoilGeometry(box, compact);
  qrImage(doc, controlNumber, g.qrX, box.y + 1, g.qrSize);
  line(doc, controlNumber, g.x, box.y + g.pad + (compact ? 7 : 9), "bold", compact ? 10 : 12);
  if (buyer) {
    const name = g.lines[0];
    const fit = fitText(doc, buyer, "regular", g.size + 1, g.size - 1, name.right - name.lineX - 1);
    doc.text(fit.text, name.lineX + 1, name.y - 1, { lineBreak: false });
  }
}

/** Where a buyer's ticket's parts go: the same for every stub of a layout and raffle. */
function ticketGeometry(box: Box, prepared: Prepared, compact: boolean) {
  const pad = compact ? 7 : 12;
  let qrSize = compact ? 58 : 92;
  const x = box.x + pad;
  const qrY = box.y + (compact ? 2 : 6);
  // 'Verify code' under the QR, the code under it. In the compact rows (74 pt on Letter) both are
  // raised to end 2.5 pt above the cut line, and the QR ends where the label's ink starts.
  let labelTop = qrY + qrSize;
  let codeTop = labelTop + (compact ? 6 : 8);
  if (compact) {
    codeTop = Math.min(codeTop, box.y + box.height - 2.5 - 8 * 1.069);
    labelTop = Math.min(labelTop, codeTop - 5.2);
  }
  if (compact) qrSize = Math.min(qrSize, labelTop + 1.5 - qrY);
  const qrX = box.x + box.width - pad - qrSize;
  let y = box.y + pad;
  const nameY = y;
  y += prepared.name.size + (compact ? 2 : 4);
  const permitY = y;
  if (prepared.permit) y += prepared.permit.size + 2;
  const drawY = y;
  if (prepared.draw) y += prepared.draw.size + 2;
  const priceY = y;
  y += compact ? 9 : 16;
  const labelY = y;
  const numberY = compact ? y : y + 9;
  const prizesY = numberY + (compact ? 15 : 22);
  return { pad, qrSize, x, qrX, qrY, labelTop, codeTop, nameY, permitY, drawY, priceY, labelY, numberY, prizesY };
}

/** The ticket's fixed parts: raffle name, permit, draw and venue, price, labels, the footer. */
function drawTicketFixed(doc: Doc, box: Box, options: StubSheetOptions, prepared: Prepared, compact: boolean) {
  const g = ticketGeometry(box, prepared, compact);
  doc
    .font("regular")
    .fontSize(compact ? 5.5 : 6.5)
    .text("Verify code", g.qrX, g.labelTop, { width: g.qrSize, align: "center", lineBreak: false });
  doc.font("bold").fontSize(prepared.name.size).text(prepared.name.text, g.x, g.nameY, { lineBreak: false });
  if (prepared.permit)
    doc.font("regular").fontSize(prepared.permit.size).text(prepared.permit.text, g.x, g.permitY, { lineBreak: false });
  if (prepared.draw)
    doc.font("regular").fontSize(prepared.draw.size).text(prepared.draw.text, g.x, g.drawY, { lineBreak: false });
  line(doc, `Price ${options.raffle.priceText}`, g.x, g.priceY, "regular", compact ? 7 : 9);
  if (!compact) line(doc, "Control No.", g.x, g.labelY, "regular", 7);
  if (prepared.prizes)
    doc.font("regular").fontSize(prepared.prizes.size).text(prepared.prizes.text, g.x, g.prizesY, { lineBreak: false });
  // The compact ticket has no room for the instruction line; its verify code is beside the QR.
  if (!compact) line(doc, prepared.footer, g.x, box.y + box.height - g.pad - 8, "regular", 6);
}

/** The ticket's own parts: the verify QR and code, the control number, 'REPRINT n'. */
function drawTicketStub(
  doc: Doc,
  box: Box,
  stub: StubRow,
  options: StubSheetOptions,
  prepared: Prepared,
  compact: boolean,
) {
  const [ticketNumber, controlNumber, , printCount, qrVersion] = stub;
  const g = ticketGeometry(box, prepared, compact);
  const token = makeVerifyToken(prepared.key, { ticketNumber, qrVersion }, options.keyVersion);
  // The image has a 4-module quiet zone: it may touch the box's padding.
  qrImage(doc, verifyUrl(options.verifyBaseUrl, token), g.qrX, g.qrY, g.qrSize);
  centred(doc, manualCodeOfToken(token), g.qrX, g.codeTop, g.qrSize, "bold", compact ? 8 : 10);
  line(doc, controlNumber, g.x, g.numberY, "bold", compact ? 13 : 18);
  if (printCount >= 2)
    line(
      doc,
      `REPRINT ${printCount}`,
      g.x + (compact ? 112 : 150),
      g.numberY + (compact ? 3 : 5),
      "bold",
      compact ? 7 : 9,
    );
}

/** Perforation between counterfoil and ticket, and cut lines between rows. */
function drawGuides(doc: Doc, options: StubSheetOptions) {
  const boxes = stubBoxes(options.paper, options.layout);
  const first = boxes[0].row;
  const bottom = boxes[boxes.length - 1].row.y + boxes[boxes.length - 1].row.height;
  doc.save().lineWidth(0.4).strokeColor(GUIDE).dash(2, { space: 2 });
  const px = first.x + COUNTERFOIL_WIDTH[options.layout];
  doc.moveTo(px, first.y).lineTo(px, bottom).stroke();
  for (let i = 0; i <= boxes.length; i++) {
    const y = i < boxes.length ? boxes[i].row.y : bottom;
    doc
      .moveTo(first.x, y)
      .lineTo(first.x + first.width, y)
      .stroke();
  }
  doc.undash().restore();
}

/** The optional first page: 100 mm rulers both ways, crop marks and the printing instruction. */
export function drawCalibrationPage(doc: Doc, paper: Paper) {
  const { width, height } = PAPER_POINTS[paper];
  doc.addPage();
  const mm = 72 / 25.4;
  line(doc, "Calibration page", SHEET_MARGIN + 20, SHEET_MARGIN + 20, "bold", 18);
  doc
    .font("regular")
    .fontSize(11)
    .text(
      "Print at Actual size / 100% (turn off 'Fit to page'). Each ruler below must measure " +
        "exactly 100 mm; if it does not, the stubs will not line up with the cut lines.",
      SHEET_MARGIN + 20,
      SHEET_MARGIN + 48,
      { width: width - 2 * SHEET_MARGIN - 40 },
    );
  const x0 = SHEET_MARGIN + 40;
  const y0 = SHEET_MARGIN + 130;
  doc.lineWidth(0.6).strokeColor(INK);
  doc
    .moveTo(x0, y0)
    .lineTo(x0 + 100 * mm, y0)
    .stroke();
  doc
    .moveTo(x0, y0)
    .lineTo(x0, y0 + 100 * mm)
    .stroke();
  for (let i = 0; i <= 100; i++) {
    const tick = i % 10 === 0 ? 8 : i % 5 === 0 ? 5 : 3;
    doc
      .moveTo(x0 + i * mm, y0)
      .lineTo(x0 + i * mm, y0 - tick)
      .stroke();
    doc
      .moveTo(x0, y0 + i * mm)
      .lineTo(x0 - tick, y0 + i * mm)
      .stroke();
    if (i % 10 === 0) {
      doc
        .font("regular")
        .fontSize(6)
        .text(String(i), x0 + i * mm - 4, y0 - 17, { lineBreak: false });
      if (i > 0) doc.text(String(i), x0 - 24, y0 + i * mm - 3, { lineBreak: false });
    }
  }
  line(doc, "100 mm", x0 + 40 * mm, y0 + 6, "regular", 8);
  // Crop marks at the cut area's corners.
  const corners: [number, number, number, number][] = [
    [SHEET_MARGIN, SHEET_MARGIN, -1, -1],
    [width - SHEET_MARGIN, SHEET_MARGIN, 1, -1],
    [SHEET_MARGIN, height - SHEET_MARGIN, -1, 1],
    [width - SHEET_MARGIN, height - SHEET_MARGIN, 1, 1],
  ];
  for (const [cx, cy, sx, sy] of corners) {
    doc
      .moveTo(cx, cy)
      .lineTo(cx + sx * 14, cy)
      .stroke();
    doc
      .moveTo(cx, cy)
      .lineTo(cx, cy + sy * 14)
      .stroke();
  }
}

/**
 * Draws a PDF form XObject once (`draw` works in the page's coordinates, as for any drawing) and
 * returns a function that places it with its origin at (x, y) of the current page. pdfkit has no
 * public form XObjects: the drawing is sent to the form's own content stream and resources by
 * swapping the current page's two references for the duration of `draw` (an internal field, like
 * the PrintScaling one in server/pdf/pdf-document.ts; tests read the output back with poppler).
 */
function createFormXObject(doc: Doc, name: string, bbox: Box, draw: () => void): (x: number, y: number) => void {
  const page = (
    doc as unknown as { page?: { content: unknown; resources: unknown; xobjects: Record<string, unknown> } }
  ).page;
  if (!page || !("content" in page) || !("resources" in page))
    throw new Error("pdfkit changed: no current page to draw a form on");
  const resources = doc.ref({ ProcSet: ["PDF", "Text", "ImageB", "ImageC", "ImageI"] });
  const form = doc.ref({
    Type: "XObject",
    Subtype: "Form",
    FormType: 1,
    BBox: [bbox.x, bbox.y, bbox.x + bbox.width, bbox.y + bbox.height],
    Resources: resources,
  });
  const saved = { content: page.content, resources: page.resources };
  page.content = form;
  page.resources = resources;
  try {
    doc.save();
    draw();
    doc.restore();
  } finally {
    page.content = saved.content;
    page.resources = saved.resources;
  }
  resources.end(undefined);
  form.end(undefined);
  return (x, y) => {
    const current = (doc as unknown as { page: { xobjects: Record<string, unknown> } }).page;
    current.xobjects[name] = form;
    doc.save().translate(x, y).addContent(`/${name} Do`).restore();
  };
}

/**
 * pdfkit keeps the shaped glyphs of every word it has drawn (its fonts' `layoutCache`), for the
 * whole document: with a control number, a verify code and a name per stub that grows by kilobytes
 * per stub. Forgotten after each page, so memory stays flat however many pages there are (the
 * page's own repeated words are still shaped once).
 */
function forgetLayouts(doc: Doc) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }> })
    ._fontFamilies;
  for (const font of Object.values(families ?? {}))
    if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
}

/** Draws page `page` (from 1) of the stubs; the caller streams what pdfkit emits after each page. */
export function createStubPainter(doc: Doc, options: StubSheetOptions, stubs: StubRow[]) {
  const compact = options.layout === "10-up";
  const boxes = stubBoxes(options.paper, options.layout);
  const ticketTextWidth = boxes[0].ticket.width - (compact ? 8 : 12) * 2 - (compact ? 58 : 92) - 8;
  shapeFastWithFonts(doc, ["regular", "bold"]);
  const prepared = prepare(doc, options, ticketTextWidth, compact);
  // Every row has the same size: the fixed parts are drawn for the first row's place, and placed
  // on each row shifted by the row's offset from the first.
  const first = boxes[0];
  const drawFixed = () => {
    drawCounterfoilFixed(doc, first.counterfoil, compact);
    drawTicketFixed(doc, first.ticket, options, prepared, compact);
  };
  let placeFixed: ((x: number, y: number) => void) | null = null;
  return function drawPage(page: number) {
    doc.addPage();
    if (options.fixedPartsOnce !== false) placeFixed ??= createFormXObject(doc, "StubFixed", first.row, drawFixed);
    drawGuides(doc, options);
    for (let position = 0; position < stubsPerPage(options.layout); position++) {
      const index = ticketAt({ order: options.order, layout: options.layout, total: stubs.length, page, position });
      if (index === null) continue;
      const box = boxes[position];
      if (placeFixed) placeFixed(box.row.x - first.row.x, box.row.y - first.row.y);
      else {
        doc.save().translate(box.row.x - first.row.x, box.row.y - first.row.y);
        drawFixed();
        doc.restore();
      }
      drawCounterfoilStub(doc, box.counterfoil, stubs[index], compact);
      drawTicketStub(doc, box.ticket, stubs[index], options, prepared, compact);
    }
    if (options.fixedPartsOnce !== false) forgetLayouts(doc);
  };
}
