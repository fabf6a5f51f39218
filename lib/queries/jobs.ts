// TanStack Query hook for a heavy job's progress (keys in lib/query-keys.ts).
"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { jobsApi } from "@/lib/api/jobs";
import { queryKeys } from "@/lib/query-keys";

/** The server writes progress at most once a second: asking more often shows nothing new. */
export const JOB_POLL_MS = 1000;

/**
 * A job's state and progress while `id` is set: polled every second until it has finished. The
 * first poll waits one interval: asked at once, alongside the request that starts the job, it
 * found no row yet and every print or import logged 404s in the browser's console (issue 38
 * item 8). A 404 after that (a large upload still arriving) is retried for a few seconds.
 */
export function useJob(id: string | null) {
  const [readyFor, setReadyFor] = useState<string | null>(null);
  useEffect(() => {
    if (id === null) return;
    const timer = setTimeout(() => setReadyFor(id), JOB_POLL_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return useQuery({
    queryKey: queryKeys.jobs.detail(id ?? ""),
    enabled: id !== null && readyFor === id,
    queryFn: async ({ signal }) => (await jobsApi.get(id!, { signal })).job,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== "running" ? false : JOB_POLL_MS),
    retry: (failures, error) => error instanceof ApiError && error.status === 404 && failures < 5,
    retryDelay: 500,
    staleTime: 0,
  });
}
