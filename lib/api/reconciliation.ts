// Reconciliation (issue 21; docs/decisions/110–114): statement imports, lines and decisions, reports.
// Shapes: lib/schemas/reconciliation.ts.
import { apiRequest } from "@/lib/api-client";
import { JOB_ID_HEADER } from "@/lib/constants";
import type { LedgerList, LedgerMethod, LedgerState, LedgerSummary } from "@/lib/payment-ledger";
import { LINES_PAGE_SIZE } from "@/lib/reconciliation-names";
import type {
  ColumnMapping,
  ImportCommitted,
  ImportPreview,
  ImportsAnswer,
  LineState,
  LinesPage,
  ReportAnswer,
  ReportName,
  StatementKind,
} from "@/lib/schemas/reconciliation";

const id = (value: string) => encodeURIComponent(value.trim());

export interface ImportRequest {
  file: File;
  kind: StatementKind;
  accountLabel: string;
  password?: string;
  mapping?: ColumnMapping;
  profile?: string;
  /** Chosen by the screen so it can follow the parse's progress (GET /api/jobs/{id}). */
  jobId: string;
}

function importForm(input: ImportRequest) {
  const form = new FormData();
  form.set("file", input.file);
  form.set("kind", input.kind);
  form.set("accountLabel", input.accountLabel);
  if (input.password) form.set("password", input.password);
  if (input.mapping) form.set("mapping", JSON.stringify(input.mapping));
  if (input.profile) form.set("profile", input.profile);
  return form;
}

/** A report's CSV, as a plain link (downloaded by the browser). */
export const reportCsvPath = (name: ReportName) => `/api/reconciliation/reports/${name}.csv`;

export const reconciliationApi = {
  preview: (input: ImportRequest) =>
    apiRequest<ImportPreview>("/reconciliation/imports?preview=1", {
      method: "POST",
      formData: importForm(input),
      timeoutMs: 60_000,
      headers: { [JOB_ID_HEADER]: input.jobId },
    }),
  commit: (input: ImportRequest) =>
    apiRequest<ImportCommitted>("/reconciliation/imports", {
      method: "POST",
      formData: importForm(input),
      timeoutMs: 60_000,
      headers: { [JOB_ID_HEADER]: input.jobId },
    }),
  imports: () => apiRequest<ImportsAnswer>("/reconciliation/imports"),
  profiles: () => apiRequest<{ profiles: { name: string; mapping: ColumnMapping }[] }>("/reconciliation/profiles"),
  /** One page of a state's lines (100 a page, the API's default; decision 140). */
  lines: (state: LineState, page: number) =>
    apiRequest<LinesPage>(`/reconciliation/lines?state=${state}&page=${page}&pageSize=${LINES_PAGE_SIZE}`),
  report: <Row = Record<string, unknown>>(name: ReportName) =>
    apiRequest<ReportAnswer<Row>>(`/reconciliation/reports/${name}`),
  match: (lineId: string, body: { paymentId: string; comment?: string }) =>
    apiRequest<{ success: true; state: "matched"; matchKind: string; paymentStatus: string }>(
      `/reconciliation/lines/${id(lineId)}/match`,
      { method: "POST", body },
    ),
  ignore: (lineId: string, body: { reason: string }) =>
    apiRequest<{ success: true }>(`/reconciliation/lines/${id(lineId)}/ignore`, { method: "POST", body }),
  unverify: (paymentId: string, body: { reason: string }) =>
    apiRequest<{ success: true }>(`/reconciliation/payments/${id(paymentId)}/unverify`, { method: "POST", body }),
  /** The payment ledger (issue 37): one state's payments, of one method or both. */
  ledger: (state: LedgerState, method: LedgerMethod | null) =>
    apiRequest<LedgerList>(`/reconciliation/payments?state=${state}${method ? `&method=${method}` : ""}`),
  summary: () => apiRequest<LedgerSummary>("/reconciliation/summary"),
  /** With an evidence file, one multipart request: the settlement and its file are written together (decision 235). */
  settle: (paymentId: string, body: { reason: string; file?: File | null }) => {
    if (!body.file)
      return apiRequest<{ success: true }>(`/reconciliation/payments/${id(paymentId)}/settle`, {
        method: "POST",
        body: { reason: body.reason },
      });
    const formData = new FormData();
    formData.set("reason", body.reason);
    formData.set("file", body.file, body.file.name);
    return apiRequest<{ success: true }>(`/reconciliation/payments/${id(paymentId)}/settle`, {
      method: "POST",
      formData,
      timeoutMs: 120_000,
    });
  },
  unsettle: (paymentId: string, body: { reason: string }) =>
    apiRequest<{ success: true }>(`/reconciliation/payments/${id(paymentId)}/unsettle`, { method: "POST", body }),
  discard: (importId: string, body: { reason: string }) =>
    apiRequest<{ success: true; lines: number; unverified: number }>(
      `/reconciliation/imports/${id(importId)}/discard`,
      { method: "POST", body },
    ),
};
