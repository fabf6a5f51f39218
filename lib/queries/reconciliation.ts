// TanStack Query hooks for reconciliation (keys in lib/query-keys.ts). Every write refreshes all the
// reconciliation reads (a decision moves lines between tabs and payments between claimed and
// verified), the ticket data (a payment's status shows on its tickets) and the Activity Log.
import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { reconciliationApi, type ImportRequest } from "@/lib/api/reconciliation";
import type { LedgerMethod, LedgerState } from "@/lib/payment-ledger";
import { queryKeys } from "@/lib/query-keys";
import { REPORT_NAMES, type LineState, type ReportName } from "@/lib/reconciliation-names";

const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.reconciliation.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
    // Close sales' checklist and Close-out's blockers count the ledger too.
    queryClient.invalidateQueries({ queryKey: queryKeys.draw.all }),
  ]);

export function useStatementImports() {
  return useQuery({ queryKey: queryKeys.reconciliation.imports(), queryFn: reconciliationApi.imports });
}

export function useBankProfiles() {
  return useQuery({
    queryKey: queryKeys.reconciliation.profiles(),
    queryFn: async () => (await reconciliationApi.profiles()).profiles,
  });
}

/** One page of a state's lines; the page on screen stays while the next one loads. */
export function useStatementLines(state: LineState, page: number) {
  return useQuery({
    queryKey: queryKeys.reconciliation.lines(state, page),
    queryFn: () => reconciliationApi.lines(state, page),
    placeholderData: keepPreviousData,
  });
}

/** One report's query: the same cache entry whether read alone or with the others. */
const reportQuery = <Row>(name: ReportName) => ({
  queryKey: queryKeys.reconciliation.report(name),
  queryFn: () => reconciliationApi.report<Row>(name),
});

export function useReconciliationReport<Row = Record<string, unknown>>(name: ReportName) {
  return useQuery(reportQuery<Row>(name));
}

/** Every report at once (the Summary card), in the same cache entries as useReconciliationReport. */
export function useReconciliationReports() {
  return useQueries({ queries: REPORT_NAMES.map((name) => reportQuery<Record<string, unknown>>(name)) });
}

/** ?preview=1: nothing is written, so nothing is refreshed. */
export function usePreviewStatement() {
  return useMutation({ mutationFn: (input: ImportRequest) => reconciliationApi.preview(input) });
}

export function useCommitStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportRequest) => reconciliationApi.commit(input),
    onSettled: () => void refresh(queryClient),
  });
}

export function useMatchLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { lineId: string; paymentId: string; comment?: string }) =>
      reconciliationApi.match(input.lineId, { paymentId: input.paymentId, comment: input.comment }),
    onSettled: () => void refresh(queryClient),
  });
}

export function useIgnoreLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { lineId: string; reason: string }) =>
      reconciliationApi.ignore(input.lineId, { reason: input.reason }),
    onSettled: () => void refresh(queryClient),
  });
}

export function useUnverifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { paymentId: string; reason: string }) =>
      reconciliationApi.unverify(input.paymentId, { reason: input.reason }),
    onSettled: () => void refresh(queryClient),
  });
}

export function useDiscardImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { importId: string; reason: string }) =>
      reconciliationApi.discard(input.importId, { reason: input.reason }),
    onSettled: () => void refresh(queryClient),
  });
}

/** The payment ledger's payments in one state (and method): the list every blocker links to. */
export function useLedgerPayments(state: LedgerState, method: LedgerMethod | null) {
  return useQuery({
    queryKey: queryKeys.reconciliation.ledger(state, method),
    queryFn: () => reconciliationApi.ledger(state, method),
    placeholderData: keepPreviousData,
  });
}

/** Money claimed, verified, settled by hand, unverified, awaiting, cash remitted (GET /api/reconciliation/summary). */
export function useLedgerSummary(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.reconciliation.summary(),
    queryFn: reconciliationApi.summary,
    enabled: options.enabled ?? true,
  });
}

export function useSettlePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { paymentId: string; reason: string; file?: File | null }) =>
      reconciliationApi.settle(input.paymentId, { reason: input.reason, file: input.file }),
    onSettled: () => void refresh(queryClient),
  });
}

export function useUnsettlePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { paymentId: string; reason: string }) =>
      reconciliationApi.unsettle(input.paymentId, { reason: input.reason }),
    onSettled: () => void refresh(queryClient),
  });
}
