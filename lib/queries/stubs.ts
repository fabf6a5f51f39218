// TanStack Query hooks for ticket stubs (issue 22; keys in lib/query-keys.ts).
"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { newJobId } from "@/lib/api/jobs";
import { printStubsPdf, stubsApi } from "@/lib/api/stubs";
import { queryKeys } from "@/lib/query-keys";
import type { PrintStubsInput } from "@/lib/schemas/stubs";

/** GET /api/print/jobs: the print log, and whether PUBLIC_BASE_URL is set. */
export function usePrintJobs(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.print.jobs(), queryFn: stubsApi.printJobs, enabled: options.enabled ?? true });
}

/**
 * POST /api/print/stubs as a download: `onStart` gets the job id (for useJob's progress) before
 * the first byte. Afterwards the print log and the Activity Log have a new row.
 */
export function usePrintStubs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      payload: PrintStubsInput;
      onStart?: (jobId: string) => void;
      onBytes?: (bytes: number) => void;
      signal?: AbortSignal;
    }) => {
      const jobId = newJobId();
      input.onStart?.(jobId);
      return printStubsPdf(input.payload, { jobId, onBytes: input.onBytes, signal: input.signal });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.print.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
      ]);
    },
  });
}

/** POST /api/tickets/{id}/qr/replace: the ticket's earlier stubs stop verifying. */
export function useReplaceQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stubsApi.replaceQr,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.audit.all });
    },
  });
}
