// The bank statement layouts the import dialog knows (issue 38 item 8, docs/decisions/231): each
// bank profile's columns as its CSV export names them, so choosing "BDO" fills the mapping before
// anyone saved one (a saved mapping wins), and the sample files written in that layout. Shared by
// the import dialog, the sample-statement route, the demo raffle and the tests.
import type { BankProfile } from "@/lib/reconciliation-names";

export interface BankSampleLine {
  /** 'YYYY-MM-DD' (the statement gives a date only) or 'YYYY-MM-DD HH:MM' (Manila). */
  date: string;
  description: string;
  reference: string;
  /** '1,250.00' */
  amount: string;
  debit?: boolean;
}

export interface BankLayout {
  /** The columns a profile maps: exactly the column mapping POST /api/reconciliation/imports takes. */
  mapping: { date: string; description: string; reference: string; amount?: string; credit?: string; debit?: string };
  header: string[];
  row: (line: BankSampleLine, balance: string) => string[];
}

const mdy = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}${date.slice(10)}`;

/** The layouts of the banks' CSV exports ("Other" has none: its columns are mapped by hand). */
export const BANK_SAMPLE_LAYOUTS = {
  /** BDO Online Banking's account activity: posting date MM/DD/YYYY, separate Debit and Credit. */
  BDO: {
    mapping: {
      date: "Posting Date",
      description: "Description",
      reference: "Reference Number",
      credit: "Credit",
      debit: "Debit",
    },
    header: ["Posting Date", "Description", "Reference Number", "Debit", "Credit", "Running Balance", "Branch"],
    row: (l, balance) => [
      mdy(l.date),
      l.description,
      l.reference,
      l.debit ? l.amount : "",
      l.debit ? "" : l.amount,
      balance,
      "ONLINE",
    ],
  },
  /** BPI's transaction history: ISO date and time, one signed Amount. */
  BPI: {
    mapping: { date: "Transaction Date", description: "Description", reference: "Reference No", amount: "Amount" },
    header: ["Transaction Date", "Description", "Reference No", "Amount", "Balance"],
    row: (l, balance) => [l.date, l.description, l.reference, `${l.debit ? "-" : ""}${l.amount}`, balance],
  },
  /** Metrobank's: the trace number first, Withdrawal and Deposit with ₱ signs. */
  Metrobank: {
    mapping: { date: "Date", description: "Remarks", reference: "Trace No.", credit: "Deposit", debit: "Withdrawal" },
    header: ["Trace No.", "Date", "Withdrawal", "Deposit", "Remarks"],
    row: (l) => [
      l.reference,
      l.date.slice(0, 10),
      l.debit ? `₱${l.amount}` : "",
      l.debit ? "" : `₱${l.amount}`,
      l.description,
    ],
  },
} satisfies Partial<Record<BankProfile, BankLayout>>;

export type SampleBank = keyof typeof BANK_SAMPLE_LAYOUTS;
export const SAMPLE_BANKS = Object.keys(BANK_SAMPLE_LAYOUTS) as SampleBank[];

/** A profile's built-in mapping (none for "Other"). */
export function builtInMapping(profile: string): BankLayout["mapping"] | undefined {
  return (BANK_SAMPLE_LAYOUTS as Partial<Record<string, BankLayout>>)[profile]?.mapping;
}

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A bank statement CSV in a layout, with a running balance from ₱10,000.00. */
export function bankStatementCsv(layout: BankLayout, lines: BankSampleLine[]): string {
  let balance = 1_000_000;
  const rows = lines.map((l) => {
    const centavos = Math.round(Number(l.amount.replace(/,/g, "")) * 100);
    balance += l.debit ? -centavos : centavos;
    const pesos = `${Math.floor(balance / 100).toLocaleString("en-US")}.${String(balance % 100).padStart(2, "0")}`;
    return layout.row(l, pesos);
  });
  return [layout.header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** What a sample statement holds: a few credits of ₱50 tickets, a deposit nobody claimed, a fee. */
export function sampleBankLines(day: string): BankSampleLine[] {
  return [
    { date: day, description: "InstaPay transfer MARIA CLARA SANTOS", reference: "SAMPLE000101", amount: "150.00" },
    { date: day, description: "InstaPay transfer JOSE RIZAL MERCADO", reference: "SAMPLE000102", amount: "50.00" },
    { date: day, description: "PESONet transfer ANDRES BONIFACIO", reference: "SAMPLE000103", amount: "200.00" },
    { date: day, description: "Cash deposit - branch", reference: "SAMPLE000104", amount: "100.00" },
    { date: day, description: "Service charge", reference: "SAMPLE000105", amount: "25.00", debit: true },
  ];
}
