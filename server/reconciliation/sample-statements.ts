import "server-only";
import { gcashStatementPdf } from "@/lib/gcash-statement-pdf";
import { bankStatementCsv, BANK_SAMPLE_LAYOUTS, SAMPLE_BANKS, sampleBankLines } from "@/lib/statement-samples";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { AppError } from "@/server/http/errors";

export const SAMPLE_NAMES = ["gcash.pdf", ...SAMPLE_BANKS.map((b) => `${b.toLowerCase()}.csv`)];

/**
 * GET /api/reconciliation/samples/{name} (administrators): a sample statement dated today in
 * Manila, to try the import with (issue 38 item 8). Its references match no payment, so importing
 * it shows unmatched lines ("money without tickets") and can be undone with Discard.
 */
export async function sampleStatement(options: {
  principal: Principal;
  name: string;
}): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
  requireAdmin(options.principal);
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  if (options.name === "gcash.pdf") {
    const rows = sampleBankLines(day)
      .filter((l) => !l.debit)
      .map((l, i) => ({
        time: `${day} ${String(9 + i).padStart(2, "0")}:1${i} AM`,
        description: `Received GCash from ${l.description.split(" ").slice(-3).join(" ")}`,
        reference: `10045${String(12300 + i).padStart(8, "0")}`,
        credit: l.amount,
        balance: (1000 + 100 * (i + 1)).toFixed(2),
      }));
    return {
      bytes: await gcashStatementPdf({ rows, from: day, to: day }),
      fileName: `sample-gcash-${day}.pdf`,
      contentType: "application/pdf",
    };
  }
  const bank = SAMPLE_BANKS.find((b) => `${b.toLowerCase()}.csv` === options.name);
  if (!bank)
    throw new AppError(
      "not_found",
      `No sample statement named '${options.name}' (samples: ${SAMPLE_NAMES.join(", ")})`,
    );
  const csv = bankStatementCsv(BANK_SAMPLE_LAYOUTS[bank], sampleBankLines(day));
  return {
    bytes: new TextEncoder().encode(csv),
    fileName: `sample-${bank.toLowerCase()}-${day}.csv`,
    contentType: "text/csv; charset=utf-8",
  };
}
