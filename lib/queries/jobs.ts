// TanStack Query hook for a heavy job's progress (keys in lib/query-keys.ts).
"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { jobsApi } from "@/lib/api/jobs";
import { queryKeys } from "@/lib/query-keys";

/** The server writes progress at most once a second: asking more often shows nothing new. */
export const JOB_POLL_MS = 1000;

/**
 * A job's state and progress while `id` is set: polled every second until it has finished. A
 * 404 right after the start (the job's row not written yet) is retried for a few seconds.
 */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: queryKeys.jobs.detail(id ?? ""),
    enabled: id !== null,
    queryFn: async ({ signal }) => (await jobsApi.get(id!, { signal })).job,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== "running" ? false : JOB_POLL_MS),
    retry: (failures, error) => error instanceof ApiError && error.status === 404 && failures < 5,
    retryDelay: 500,
    staleTime: 0,
  });
}
