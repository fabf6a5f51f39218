// The one way the app makes a PDF (stubs, receipts, reports, certificates): pdfkit, which streams
// page by page, with Noto Sans embedded so that ₱, ñ and Ñ print (the 14 standard PDF fonts are
// WinAnsi and print ₱ as ±). Pure rendering, no database: heavy documents are rendered in the
// worker mechanism (server/jobs), so this file does not import "server-only" (a worker loads it
// outside React's server conditions). Decision: docs/decisions/053-pdfs.md.
import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";

/**
 * Noto Sans (SIL Open Font License), the files of the @expo-google-fonts/noto-sans package, named
 * as `new URL(literal, import.meta.url)`: the one way to name a file that works both from the
 * TypeScript sources (vitest, tsx: a file: URL into node_modules) and in the production build,
 * where Turbopack copies the font next to the server chunks and rewrites the URL to that copy
 * (also inside a worker's chunk). Resolving the package at run time does not survive the build:
 * Turbopack replaces `createRequire(import.meta.url).resolve(<not a literal>)` with code that
 * throws "Cannot find module as expression is too dynamic", which failed every PDF (receipts,
 * reports, stubs) on `next start` while tests passed. docs/decisions/095-pdf-fonts-in-the-build.md.
 */
export type FontName = "regular" | "bold";

let fonts: Record<FontName, Buffer> | null = null;
function fontBytes(): Record<FontName, Buffer> {
  // Each URL is written inside its readFileSync: Turbopack then knows the exact file (it warns of
  // "tracing the whole project" when the argument comes from elsewhere).
  fonts ??= {
    regular: readFileSync(
      new URL("../../node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf", import.meta.url),
    ),
    bold: readFileSync(
      new URL("../../node_modules/@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf", import.meta.url),
    ),
  };
  return fonts;
}

export type PaperSize = "a4" | "letter";
/** Points (1/72 in). */
export const PAPER: Record<PaperSize, { width: number; height: number; pdfkit: string }> = {
  a4: { width: 595.28, height: 841.89, pdfkit: "A4" },
  letter: { width: 612, height: 792, pdfkit: "LETTER" },
};

export interface PdfOptions {
  paper: PaperSize;
  title: string;
  /** Tagged PDF (PDF/UA structure, lang en-PH) for documents people read on screen: receipts, reports, certificates. */
  tagged?: boolean;
  /** Printers must not scale (stubs cut on guides): /PrintScaling /None. */
  noPrintScaling?: boolean;
  margin?: number;
  /** Fixed dates make byte-identical documents (tests, signed certificates). */
  creationDate?: Date;
}

/**
 * A new document with the fonts registered as "regular" and "bold" and "regular" selected. The
 * caller pipes it where it goes (a worker's chunk stream, a file) and calls end().
 */
export function createPdf(options: PdfOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: PAPER[options.paper].pdfkit,
    margin: options.margin ?? 36,
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    tagged: options.tagged ?? false,
    lang: options.tagged ? "en-PH" : undefined,
    displayTitle: true,
    info: {
      Title: options.title,
      Creator: "Batch 2000 Raffle Dashboard",
      Producer: "pdfkit",
      CreationDate: options.creationDate ?? new Date(),
    },
  });
  const bytes = fontBytes();
  doc.registerFont("regular", bytes.regular);
  doc.registerFont("bold", bytes.bold);
  if (options.noPrintScaling) setNoPrintScaling(doc);
  return doc;
}

/**
 * pdfkit has no public option for the viewer's print scaling; its catalog's ViewerPreferences
 * dictionary (made when displayTitle is set) takes /PrintScaling /None. Tests check the bytes.
 */
function setNoPrintScaling(doc: PDFKit.PDFDocument) {
  const root = (doc as unknown as { _root: { data: { ViewerPreferences?: { data: Record<string, unknown> } } } })._root;
  const prefs = root.data.ViewerPreferences;
  if (!prefs) throw new Error("pdfkit changed: no ViewerPreferences to set PrintScaling on");
  prefs.data.PrintScaling = "None";
}

/** Collects a document's bytes (small documents: a receipt, a one-page summary). */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
