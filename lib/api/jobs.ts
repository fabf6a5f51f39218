// Heavy jobs (GET /api/jobs/{id}): the screen's view of a print, an import or an archive while it runs.
import { apiRequest } from "@/lib/api-client";
import type { JobResponse } from "@/lib/schemas/job";

export const jobsApi = {
  get: (id: string, options: { signal?: AbortSignal } = {}) =>
    apiRequest<JobResponse>(`/jobs/${encodeURIComponent(id)}`, { signal: options.signal }),
};

/** A fresh id for a job the screen starts, sent as X-Job-Id so it can follow the job at once. */
export function newJobId(): string {
  return crypto.randomUUID();
}
