// A bank's CSV export → its credits, by the column mapping the person chose (issue 21). Banks put
// account details above the header, so the header is the first of the first 20 rows that has every
// mapped column. No `import "server-only"`: runs in the parsing worker. Decision 111.
import Papa from "papaparse";
import type { ColumnMapping } from "@/lib/schemas/reconciliation";
import {
  checkLineAmount,
  manilaDay,
  parseStatementAmount,
  parseStatementTime,
  StatementRefusal,
  type ParsedStatement,
  type RawCredit,
} from "@/server/reconciliation/statement-values";

const HEADER_SEARCH_ROWS = 20;
const norm = (s: string) =>
  s
    .replace(/^\uFEFF/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

export function parseBankCsv(textIn: string, mapping: ColumnMapping): ParsedStatement {
  const parsed = Papa.parse<string[]>(textIn.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const rows = parsed.data;
  const wanted = Object.entries(mapping).filter((e): e is [string, string] => typeof e[1] === "string");
  let headerAt = -1;
  let index: Record<string, number> = {};
  for (let r = 0; r < Math.min(rows.length, HEADER_SEARCH_ROWS); r++) {
    const names = rows[r].map(norm);
    if (wanted.every(([, col]) => names.includes(norm(col)))) {
      headerAt = r;
      index = Object.fromEntries(wanted.map(([field, col]) => [field, names.indexOf(norm(col))]));
      break;
    }
  }
  if (headerAt < 0) {
    const first = rows.find((r) => r.some((c) => c.trim() !== "")) ?? [];
    const names = first.map(norm);
    const missing = wanted.filter(([, col]) => !names.includes(norm(col))).map(([, col]) => col);
    const columns = first.map((c) => c.trim()).filter(Boolean);
    throw new StatementRefusal(
      "missing_columns",
      `The file has no column ${missing.map((c) => `'${c}'`).join(", ")}` +
        (columns.length ? ` (its columns: ${columns.join(", ")})` : " (it is empty)"),
    );
  }
  const cell = (row: string[], field: keyof ColumnMapping) =>
    index[field] === undefined ? "" : (row[index[field]] ?? "").trim();
  const credits: RawCredit[] = [];
  let nonPositive = 0;
  let debits = 0;
  let lineNo = 0;
  let first: Date | null = null;
  let last: Date | null = null;
  for (let r = headerAt + 1; r < rows.length; r++) {
    const row = rows[r];
    const dateText = cell(row, "date");
    // Footers ('Total', 'Ending balance') and blank lines: not transactions.
    if (!/^\d/.test(dateText)) continue;
    const fileLine = r + 1;
    const occurredAt = parseStatementTime(dateText);
    if (!occurredAt)
      throw new StatementRefusal(
        "invalid_statement",
        `Line ${fileLine}: the date '${dateText}' is not YYYY-MM-DD, YYYY-MM-DD HH:MM or MM/DD/YYYY`,
      );
    const amountOf = (field: keyof ColumnMapping) => {
      const value = parseStatementAmount(cell(row, field));
      if (Number.isNaN(value))
        throw new StatementRefusal(
          "invalid_statement",
          `Line ${fileLine}: '${cell(row, field)}' in column '${mapping[field]}' is not an amount`,
        );
      return value;
    };
    const seen = () => {
      if (!first || occurredAt < first) first = occurredAt;
      if (!last || occurredAt > last) last = occurredAt;
    };
    let credit: number | null;
    if (mapping.amount) {
      const amount = amountOf("amount");
      if (amount === null) continue;
      credit = amount < 0 ? null : amount;
      if (credit === null) {
        lineNo++;
        debits++;
        seen();
        continue;
      }
    } else {
      credit = amountOf("credit");
      const debit = mapping.debit ? amountOf("debit") : null;
      if (credit === null) {
        if (debit === null) continue;
        lineNo++;
        debits++;
        seen();
        continue;
      }
    }
    lineNo++;
    seen();
    if (credit <= 0) {
      nonPositive++;
      continue;
    }
    checkLineAmount(credit, `Line ${fileLine}`);
    credits.push({
      lineNo,
      occurredAt,
      description: cell(row, "description"),
      reference: cell(row, "reference") || null,
      centavos: credit,
      balanceCentavos: null,
    });
  }
  return {
    credits,
    nonPositive,
    debits,
    periodFrom: first ? manilaDay(first) : null,
    periodTo: last ? manilaDay(last) : null,
  };
}
