// Seller accountability (issue 20; docs/decisions/090–094): balances, statements, remittances,
// adjustments, stub allocations and returns. Shapes: lib/schemas/remittance.ts.
import { apiRequest } from "@/lib/api-client";
import { centavosToAmount } from "@/lib/money";
import type {
  AdjustmentSaved,
  AllocationAnswer,
  BalancesAnswer,
  RecordAdjustmentPayload,
  RecordRemittancePayload,
  RemittanceSaved,
  ReturnsAnswer,
  StatementAnswer,
  VoidRemittancePayload,
} from "@/lib/schemas/remittance";

export type { AllocationAnswer } from "@/lib/schemas/remittance";

const id = (value: string) => encodeURIComponent(value.trim());

/** Plain links for the PDFs (opened in the browser's viewer, printed from there). */
export const remittancePdfPaths = {
  receipt: (remittanceId: string) => `/api/remittances/${id(remittanceId)}/receipt.pdf`,
  report: (sellerId?: string) => `/api/remittances/report.pdf${sellerId ? `?seller=${id(sellerId)}` : ""}`,
};

export const remittancesApi = {
  balances: () => apiRequest<BalancesAnswer>("/remittances/balances"),
  myStatement: () => apiRequest<StatementAnswer>("/sellers/me/statement"),
  statement: (sellerId: string) => apiRequest<StatementAnswer>(`/sellers/${id(sellerId)}/statement`),
  /** The payload's amounts are centavos (the schema's output); the API takes them as '1250.00'. */
  record: (body: RecordRemittancePayload) =>
    apiRequest<RemittanceSaved>("/remittances", {
      method: "POST",
      body: { ...body, amount: centavosToAmount(body.amount) },
    }),
  voidReceipt: (remittanceId: string, body: VoidRemittancePayload) =>
    apiRequest<RemittanceSaved>(`/remittances/${id(remittanceId)}/void`, { method: "POST", body }),
  adjust: (body: RecordAdjustmentPayload) =>
    apiRequest<AdjustmentSaved>("/remittances/adjustments", {
      method: "POST",
      body: { ...body, amount: centavosToAmount(body.amount) },
    }),
  allocate: (sellerId: string, body: { from: number; to: number }) =>
    apiRequest<AllocationAnswer>(`/sellers/${id(sellerId)}/allocations`, { method: "POST", body }),
  returnStubs: (sellerId: string, body: { ticketIds: string[] }) =>
    apiRequest<ReturnsAnswer>(`/sellers/${id(sellerId)}/returns`, { method: "POST", body }),
};
