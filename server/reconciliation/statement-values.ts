// Reading a statement's cells: Manila times, amounts, references, and each line's checksum. Pure
// functions, shared by both parsers in the worker thread (server/jobs/kinds/statement-parse.worker.ts).
// No `import "server-only"`: bundled into the worker. Decisions 111 (parsing) and 110 (checksums).
import { createHash } from "node:crypto";
import { normalizeReference } from "@/lib/payments";

/** Manila is UTC+8 all year (no daylight saving): a wall-clock time without an offset is read as that. */
const MANILA_OFFSET_MINUTES = 8 * 60;

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * '2026-11-03', '2026-11-03 09:15', '2026-11-03 09:15 AM', '2026-11-03T09:15:00+08:00', '11/03/2026',
 * '11/03/2026 9:15 PM' → the instant (a time without an offset is Manila time). Null when not one.
 */
export function parseStatementTime(input: string): Date | null {
  const s = input.trim().replace(/\s+/g, " ");
  let y: number, mo: number, d: number;
  let rest: string;
  let m = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(s);
  if (m) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    rest = m[4];
  } else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(.*)$/.exec(s))) {
    [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    rest = m[4];
  } else {
    return null;
  }
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return null;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let offset = MANILA_OFFSET_MINUTES;
  rest = rest.trim();
  if (rest) {
    const t = /^[T ]?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(rest);
    if (!t) return null;
    hour = Number(t[1]);
    minute = Number(t[2]);
    second = Number(t[3] ?? 0);
    if (t[4]) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (t[4].toUpperCase() === "PM" ? 12 : 0);
    }
    if (hour > 23 || minute > 59 || second > 59) return null;
    if (t[5]) {
      const z = t[5];
      if (z === "Z") offset = 0;
      else {
        const digits = z.replace(":", "");
        offset = (digits[0] === "-" ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
      }
    }
  }
  return new Date(Date.UTC(y, mo - 1, d, hour, minute, second) - offset * 60_000);
}

/** The Manila day ('2026-11-03') of an instant. */
export function manilaDay(instant: Date): string {
  return new Date(instant.getTime() + MANILA_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/**
 * A statement's amount cell → signed centavos: '1,250.00', '₱1,250.00', 'PHP 1,250.00', '-50',
 * '(50.00)' (negative), '1250.5'. '' → null (an empty cell); not an amount → NaN.
 */
export function parseStatementAmount(input: string): number | null {
  let s = input
    .trim()
    .replace(/^(PHP|Php|₱)\s*/, "")
    .replace(/\s+/g, "");
  if (s === "" || s === "-") return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith("-")) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith("+")) s = s.slice(1);
  s = s.replace(/^(PHP|₱)/, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(s)) return Number.NaN;
  const [whole, cents = ""] = s.replace(/,/g, "").split(".");
  if (whole.length > 10) return Number.NaN;
  const value = Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  return negative ? -value : value;
}

/**
 * The most one statement line may credit (docs/reconciliation.md): ₱1,000,000.00. A raffle's payment never comes near
 * it.
 */
export const STATEMENT_LINE_MAX_CENTAVOS = 100_000_000;

/** 422 amount_out_of_range naming the line, before anything is previewed or written (issue 37). */
export function checkLineAmount(centavos: number, where: string): void {
  if (centavos > STATEMENT_LINE_MAX_CENTAVOS) {
    const pesos = `₱${Math.floor(centavos / 100).toLocaleString("en-US")}.${String(centavos % 100).padStart(2, "0")}`;
    throw new StatementRefusal(
      "amount_out_of_range",
      `${where}: the credit ${pesos} is above the ₱1,000,000.00 a statement line may hold`,
    );
  }
}

/** C0/C1 control characters (NUL included) and DEL: PostgreSQL cannot store NUL, and none belongs in a line. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/g;

/** A cell with its control characters replaced by spaces (so preview and commit show the same text). */
export const withoutControlChars = (value: string) => value.replace(CONTROL_CHARS, " ");
export const hasControlChars = (value: string) => new RegExp(CONTROL_CHARS.source).test(value);

/** One credit as read, before its checksum. */
export interface RawCredit {
  /** The transaction's position in the file (1, 2, ...; debits count too). */
  lineNo: number;
  occurredAt: Date;
  description: string;
  reference: string | null;
  centavos: number;
  balanceCentavos: number | null;
}

/** A credit ready to be written: checksum computed, occurrence among identical lines in the file. */
export interface ParsedLine {
  lineNo: number;
  occurredAt: string;
  description: string;
  reference: string | null;
  referenceNormalized: string | null;
  /** Centavos, > 0 (credits of ₱0 or less are counted and left out before this). */
  centavos: number;
  balanceCentavos: number | null;
  occurrence: number;
  checksum: string;
}

/**
 * Adds checksums: SHA-256 of (account, time, normalised reference, amount, description, occurrence),
 * where occurrence numbers lines identical in the first five within the file (1, 2, ...), so two
 * identical transfers in a file are two lines, and the same file's lines in an overlapping file
 * are the same lines (OCA account_statement_import_generate_unique_id; decision 110).
 */
export function withChecksums(accountLabel: string, credits: RawCredit[]): ParsedLine[] {
  const seen = new Map<string, number>();
  const account = accountLabel.trim().toUpperCase();
  return credits.map((c) => {
    const referenceNormalized = normalizeReference(c.reference);
    const description = withoutControlChars(c.description).replace(/\s+/g, " ").trim();
    const key = [account, c.occurredAt.toISOString(), referenceNormalized ?? "", String(c.centavos), description].join(
      "\u001f",
    );
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    const checksum = createHash("sha256").update(`${key}\u001f${occurrence}`).digest("hex");
    return {
      lineNo: c.lineNo,
      occurredAt: c.occurredAt.toISOString(),
      description,
      reference: (c.reference === null ? "" : withoutControlChars(c.reference).replace(/\s+/g, " ")).trim() || null,
      referenceNormalized,
      centavos: c.centavos,
      balanceCentavos: c.balanceCentavos,
      occurrence,
      checksum,
    };
  });
}

/** What a parser found: the credits (> 0), how many credits were ₱0 or less, and the covered days. */
export interface ParsedStatement {
  credits: RawCredit[];
  /** Credit lines of ₱0 or less: counted in `skipped`, never written (pretix#5168). */
  nonPositive: number;
  debits: number;
  periodFrom: string | null;
  periodTo: string | null;
}

/** A refusal naming what is wrong with the file (422 unless said otherwise), thrown by the parsers. */
export class StatementRefusal extends Error {
  constructor(
    readonly code:
      | "wrong_password"
      | "password_required"
      | "not_a_gcash_statement"
      | "missing_columns"
      | "invalid_statement"
      | "amount_out_of_range"
      | "file_too_complex",
    message: string,
  ) {
    super(message);
  }
}
