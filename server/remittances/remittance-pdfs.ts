import "server-only";
import { formatDateTime, paymentMethodLabel } from "@/lib/format";
import { SUMMARY_FIGURES, figureText } from "@/lib/payment-ledger";
import { db } from "@/server/db/client";
import { readLedgerSummary } from "@/server/reconciliation/payment-ledger";
import type { PaperSize } from "@/server/pdf/pdf-document";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { AppError } from "@/server/http/errors";
import { remittancePdfJob } from "@/server/jobs/kinds/remittance-pdf";
import { startJob } from "@/server/jobs/start-job";
import type { ReportData, ReportSeller } from "@/server/pdf/remittance-documents";
import { findSellerOrThrow, sellerName } from "@/server/remittances/find-seller";
import { buildStatement } from "@/server/remittances/get-statement";
import { balanceTotals, readBalanceRows, toSellerBalance } from "@/server/remittances/read-balances";
import { findRemittance, REMITTANCE_NOT_FOUND } from "@/server/remittances/void-remittance";
import { getSettings } from "@/server/settings/get-settings";

const DATE = "MMM d, yyyy h:mm a";

/**
 * GET /api/remittances/{id}/receipt.pdf: the receipt, two copies on one page. Administrators get any;
 * a seller gets their own; anyone else the same 404 as for no receipt (its existence is not told).
 */
export async function startReceiptPdf(options: {
  id: string;
  paper: PaperSize;
  principal: Principal;
  signal?: AbortSignal;
}) {
  const user = options.principal.user;
  const row = await findRemittance(options.id);
  if (!row || (!user.isAdmin && row.seller_id !== user.id)) throw new AppError("not_found", REMITTANCE_NOT_FOUND);
  const [seller, settings] = await Promise.all([findSellerOrThrow(row.seller_id), getSettings()]);
  const tz = settings.timezone;
  const run = await startJob(remittancePdfJob, {
    principal: options.principal,
    signal: options.signal,
    input: {
      kind: "receipt",
      paper: options.paper,
      receipt: {
        raffleName: settings.siteName,
        receiptNumber: row.receipt_number,
        sellerName: sellerName(seller),
        sellerEmail: seller.email,
        amount: row.amount,
        methodLabel: paymentMethodLabel(row.method),
        createdAt: formatDateTime(row.created_at, tz, DATE),
        coversUntil: formatDateTime(row.covers_until, tz, DATE),
        receivedBy: row.received_by ?? "",
        note: row.note,
        voided: row.voided_at !== null,
        voidReason: row.void_reason,
      },
    },
  });
  return { run, fileName: `receipt-${row.receipt_number}.pdf` };
}

/**
 * One seller's remittance report, or every seller's with totals, as plain data for the renderer.
 * Used by report.pdf and by the close-out archive (one report renderer, one way to feed it).
 */
export async function reportData(options: { sellerId?: string }): Promise<{ report: ReportData; sellerIds: string[] }> {
  const settings = await getSettings();
  const tz = settings.timezone;
  let sellerIds: string[];
  let totals = null;
  let money: ReportData["money"];
  let title: string;
  if (options.sellerId) {
    const seller = await findSellerOrThrow(options.sellerId);
    sellerIds = [seller.id];
    title = `Remittance report: ${sellerName(seller)}`;
  } else {
    const { rows, alertCentavos } = await readBalanceRows();
    const balances = rows.map((r) => toSellerBalance(r, alertCentavos));
    sellerIds = balances.map((b) => b.sellerId);
    totals = balanceTotals(balances);
    const ledger = await readLedgerSummary(db());
    money = SUMMARY_FIGURES.map((f) => ({
      label: f.label,
      text: figureText(ledger[f.key], f.key === "cashRemitted" ? "remittance" : "payment"),
    }));
    title = "Remittance report: all sellers";
  }
  const sellers: ReportSeller[] = [];
  for (const id of sellerIds) {
    const s = await buildStatement(id);
    sellers.push({
      name: s.name,
      email: s.email,
      allocated: s.allocated,
      sold: s.sold,
      outstandingStubs: s.outstandingStubs,
      outstandingValue: s.outstandingValue,
      cashCollected: s.cashCollected,
      nonCashCollected: s.nonCashCollected,
      remitted: s.remitted,
      adjustments: s.adjustments,
      balance: s.balance,
      receipts: s.receipts.map((r) => ({
        receiptNumber: r.receiptNumber,
        createdAt: formatDateTime(r.createdAt, tz, DATE),
        amount: r.amount,
        methodLabel: paymentMethodLabel(r.method),
        voided: r.voided,
        voidReason: r.voidReason,
      })),
      adjustmentList: s.adjustmentList.map((a) => ({
        createdAt: formatDateTime(a.createdAt, tz, DATE),
        amount: a.amount,
        reason: a.reason,
      })),
    });
  }
  const report: ReportData = {
    raffleName: settings.siteName,
    title,
    generatedAt: formatDateTime(new Date(), tz, DATE),
    sellers,
    money,
    totals: totals && {
      cashCollected: totals.cashCollected,
      remitted: totals.remitted,
      adjustments: totals.adjustments,
      balance: totals.balance,
      outstandingStubs: totals.outstandingStubs,
      outstandingValue: totals.outstandingValue,
    },
  };
  return { report, sellerIds };
}

/**
 * GET /api/remittances/report.pdf?seller=: one seller's remittance report, or every seller's with totals
 * (administrators).
 */
export async function startReportPdf(options: {
  sellerId?: string;
  paper: PaperSize;
  principal: Principal;
  signal?: AbortSignal;
}) {
  requireAdmin(options.principal);
  const { report, sellerIds } = await reportData({ sellerId: options.sellerId });
  const run = await startJob(remittancePdfJob, {
    principal: options.principal,
    signal: options.signal,
    input: { kind: "report", paper: options.paper, report },
  });
  return { run, fileName: options.sellerId ? `remittance-report-${sellerIds[0]}.pdf` : "remittance-report.pdf" };
}
