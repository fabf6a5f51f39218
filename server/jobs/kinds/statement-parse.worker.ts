// The statement import's reading side, in a worker thread (issue 21, decisions 085 and 111): the file
// arrives as the job's input, is read as a GCash PDF (unpdf, script evaluation off, the password only
// handed to pdf.js) or a bank CSV (papaparse, the column mapping), and its credits go to the instance
// in batches with their checksums. Debits are left out; credits of ₱0 or less only counted. A file
// that cannot be read as asked fails with the refusal's code (422), and the instance writes nothing.
import type { ColumnMapping, StatementKind } from "@/lib/schemas/reconciliation";
import { STATEMENT_MAX_BYTES } from "@/lib/schemas/reconciliation";
import { JobError } from "@/server/jobs/protocol";
import { jobWorker } from "@/server/jobs/worker-runtime";
import { parseBankCsv } from "@/server/reconciliation/parse-bank-csv";
import { parseGcashPdf } from "@/server/reconciliation/parse-gcash-pdf";
import {
  hasControlChars,
  StatementRefusal,
  withChecksums,
  type ParsedLine,
  type ParsedStatement,
} from "@/server/reconciliation/statement-values";

export interface StatementParseInput {
  kind: StatementKind;
  accountLabel: string;
  mapping?: ColumnMapping;
  /** Never stored or logged: the job's input is not written to the jobs row. */
  password?: string;
}

export interface StatementParseResult {
  periodFrom: string | null;
  periodTo: string | null;
  /** Credit lines read, ₱0-or-less ones included (new + skipped of the answer). */
  credits: number;
  nonPositive: number;
  debits: number;
  /** What the reading changed or assumed, for the preview (issue 37). */
  warnings: string[];
}

export interface StatementParseBatch {
  lines: ParsedLine[];
}

export type StatementParseProgress = { pagesRead: number; pages: number; linesRead: number };

const BATCH_LINES = 1000;

/**
 * A bank CSV's text: UTF-8 when the bytes are valid UTF-8; otherwise Windows-1252 (what Excel on a
 * Philippine Windows PC saves: 'Peñaflor' as one byte 0xF1), with a warning in the preview, never
 * U+FFFD in every accented name (issue 37).
 */
export function decodeCsv(bytes: Uint8Array, warnings: string[]): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    warnings.push(
      "The file is not UTF-8: it was read as Windows-1252 (Excel's Western " +
        "encoding). Check the accented names in the preview before importing.",
    );
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

async function readAll(input: AsyncIterable<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += chunk.byteLength;
    if (size > STATEMENT_MAX_BYTES) throw new JobError("file_too_large", "A statement file may be at most 10 MB");
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

export default jobWorker<StatementParseInput, StatementParseResult, StatementParseProgress, StatementParseBatch>(
  async (input, job) => {
    const bytes = await readAll(job.input());
    const warnings: string[] = [];
    let parsed: ParsedStatement;
    try {
      if (input.kind === "gcash_pdf") {
        parsed = await parseGcashPdf(bytes, {
          password: input.password,
          onPage: (pagesRead, pages) => job.progress({ pagesRead, pages }),
        });
      } else {
        if (!input.mapping) throw new StatementRefusal("missing_columns", "A bank CSV needs a column mapping");
        parsed = parseBankCsv(decodeCsv(bytes, warnings), input.mapping);
      }
    } catch (error) {
      if (error instanceof StatementRefusal) throw new JobError(error.code, error.message);
      throw error;
    }
    const controlled = parsed.credits.filter(
      (c) => hasControlChars(c.description) || (c.reference !== null && hasControlChars(c.reference)),
    ).length;
    if (controlled)
      warnings.push(
        `${controlled} ${controlled === 1 ? "line had" : "lines had"} control characters ` +
          `(such as NUL) in the description or reference: replaced by spaces`,
      );
    const lines = withChecksums(input.accountLabel, parsed.credits);
    for (let i = 0; i < lines.length; i += BATCH_LINES) {
      await job.emit({ lines: lines.slice(i, i + BATCH_LINES) });
      job.progress({ linesRead: Math.min(lines.length, i + BATCH_LINES) });
    }
    return {
      periodFrom: parsed.periodFrom,
      periodTo: parsed.periodTo,
      credits: lines.length + parsed.nonPositive,
      nonPositive: parsed.nonPositive,
      debits: parsed.debits,
      warnings,
    };
  },
);
