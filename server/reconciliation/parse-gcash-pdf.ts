// A GCash transaction history (a password-protected PDF) → its credits (issue 21). Read with unpdf
// (pdf.js) with script evaluation off; rows are rebuilt by clustering the text items' y positions,
// and cells by the x positions of the header row Date and Time | Description | Reference No. |
// Debit | Credit | Balance. The password is used to open the file and goes nowhere else.
// No `import "server-only"`: runs in the parsing worker. Decision 111.
import { getDocumentProxy } from "unpdf";
import { RECON_MESSAGES } from "@/lib/schemas/reconciliation";
import { measurePdfExpansion, PdfTooComplex } from "@/server/reconciliation/pdf-expansion";
import {
  checkLineAmount,
  manilaDay,
  parseStatementAmount,
  parseStatementTime,
  StatementRefusal,
  type ParsedStatement,
  type RawCredit,
} from "@/server/reconciliation/statement-values";

export const GCASH_HEADER = ["Date and Time", "Description", "Reference No.", "Debit", "Credit", "Balance"] as const;
const Y_TOLERANCE = 2;
const X_TOLERANCE = 4;
const SUMMARY_ROW = /^(STARTING BALANCE|ENDING BALANCE|TOTAL DEBIT|TOTAL CREDIT)$/i;

interface Item {
  str: string;
  x: number;
  y: number;
}

/** Text items of one page grouped into rows (top to bottom), each row's items left to right. */
function rowsOf(items: Item[]): Item[][] {
  const sorted = items.filter((i) => i.str.trim() !== "").sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Item[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0].y - item.y) <= Y_TOLERANCE) row.push(item);
    else rows.push([item]);
  }
  for (const row of rows) row.sort((a, b) => a.x - b.x);
  return rows;
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();

/** The header's column starts, when `row` is the GCash table's header row. */
function headerColumns(row: Item[]): number[] | null {
  const xs: number[] = [];
  for (const name of GCASH_HEADER) {
    const item = row.find((i) => squash(i.str) === squash(name));
    if (!item) return null;
    xs.push(item.x);
  }
  return xs.every((x, i) => i === 0 || x > xs[i - 1]) ? xs : null;
}

function cellsOf(row: Item[], columns: number[]): string[] {
  const cells = columns.map(() => [] as string[]);
  for (const item of row) {
    let c = 0;
    for (let i = 0; i < columns.length; i++) if (item.x >= columns[i] - X_TOLERANCE) c = i;
    cells[c].push(item.str.trim());
  }
  return cells.map((parts) => parts.join(" ").replace(/\s+/g, " ").trim());
}

interface PasswordError {
  name?: string;
  code?: number;
}

/** What a statement PDF's streams may decompress to in all (decision 209): a 10 MB statement needs a few tens of MB. */
export const PDF_EXPANSION_LIMIT_BYTES = 200 * 1024 * 1024;

export async function parseGcashPdf(
  bytes: Uint8Array,
  options: { password?: string; onPage?: (page: number, pages: number) => void },
): Promise<ParsedStatement> {
  const password = options.password && options.password.length > 0 ? options.password : undefined;
  try {
    await measurePdfExpansion(bytes, { password, limitBytes: PDF_EXPANSION_LIMIT_BYTES });
  } catch (error) {
    if (!(error instanceof PdfTooComplex)) throw error;
    throw new StatementRefusal(
      "file_too_complex",
      `This PDF decompresses to more ` +
        `than ${PDF_EXPANSION_LIMIT_BYTES / 1024 / 1024} MB (the limit for a ` +
        `statement), so it was not read`,
    );
  }
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // isEvalSupported: false — pdf.js never compiles code from the file (CVE-2024-4367, mozilla/pdf.js#18015).
    doc = await getDocumentProxy(bytes, {
      password,
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
    } as Parameters<typeof getDocumentProxy>[1]);
  } catch (error) {
    const e = error as PasswordError;
    if (e?.name === "PasswordException") {
      // pdf.js: 1 = NEED_PASSWORD, 2 = INCORRECT_PASSWORD.
      if (e.code === 2 || (e.code === 1 && password))
        throw new StatementRefusal("wrong_password", RECON_MESSAGES.wrongPassword);
      throw new StatementRefusal("password_required", RECON_MESSAGES.passwordRequired);
    }
    throw new StatementRefusal("not_a_gcash_statement", RECON_MESSAGES.notGcash);
  }
  try {
    const credits: RawCredit[] = [];
    let columns: number[] | null = null;
    let periodFrom: string | null = null;
    let periodTo: string | null = null;
    let first: Date | null = null;
    let last: Date | null = null;
    let nonPositive = 0;
    let debits = 0;
    let lineNo = 0;
    let current: RawCredit | null = null;
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const raw of content.items as { str?: string; transform?: number[] }[]) {
        if (typeof raw.str === "string" && raw.transform)
          items.push({ str: raw.str, x: raw.transform[4], y: raw.transform[5] });
      }
      for (const row of rowsOf(items)) {
        const header = headerColumns(row);
        if (header) {
          columns = header;
          current = null;
          continue;
        }
        if (!columns) {
          const range = /(\d{4}-\d{2}-\d{2})\s*(?:to|-|–)\s*(\d{4}-\d{2}-\d{2})/i.exec(row.map((i) => i.str).join(" "));
          if (range && !periodFrom) [periodFrom, periodTo] = [range[1], range[2]];
          continue;
        }
        const [time, description, reference, debit, credit] = cellsOf(row, columns);
        if (SUMMARY_ROW.test(description) || SUMMARY_ROW.test(time)) {
          current = null;
          continue;
        }
        const occurredAt = time ? parseStatementTime(time) : null;
        if (!occurredAt) {
          // A description wrapped onto the next line belongs to the transaction above it.
          if (current && !time && description && !reference && !debit && !credit)
            current.description += ` ${description}`;
          continue;
        }
        lineNo++;
        current = null;
        if (!first || occurredAt < first) first = occurredAt;
        if (!last || occurredAt > last) last = occurredAt;
        const creditCentavos = parseStatementAmount(credit);
        if (creditCentavos === null || Number.isNaN(creditCentavos)) {
          if (debit) debits++;
          continue;
        }
        if (creditCentavos <= 0) {
          nonPositive++;
          continue;
        }
        checkLineAmount(creditCentavos, `Transaction ${lineNo} (${time}, reference ${reference || "none"})`);
        const balance = parseStatementAmount(cellsOf(row, columns)[5]);
        current = {
          lineNo,
          occurredAt,
          description,
          reference: reference || null,
          centavos: creditCentavos,
          balanceCentavos: balance === null || Number.isNaN(balance) ? null : balance,
        };
        credits.push(current);
      }
      page.cleanup();
      options.onPage?.(p, doc.numPages);
    }
    if (!columns) throw new StatementRefusal("not_a_gcash_statement", RECON_MESSAGES.notGcash);
    const firstDay = first as Date | null;
    const lastDay = last as Date | null;
    return {
      credits,
      nonPositive,
      debits,
      periodFrom: periodFrom ?? (firstDay ? manilaDay(firstDay) : null),
      periodTo: periodTo ?? (lastDay ? manilaDay(lastDay) : null),
    };
  } finally {
    await doc.cleanup();
  }
}
