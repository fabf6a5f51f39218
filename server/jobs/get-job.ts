import "server-only";
import type { Principal } from "@/server/auth/principal";
import { requireSignedIn } from "@/server/dashboard/require-signed-in";
import { notFound } from "@/server/http/errors";
import { readJobRow, serializeJob } from "@/server/jobs/job-rows";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/jobs/{id}: a job's state and progress, from any instance (the row is shared). Only
 * the person who started it, or an administrator, sees it; anyone else gets the same 404 as for
 * a job that does not exist.
 */
export async function getJob(options: { principal: Principal; id: string }) {
  requireSignedIn(options.principal);
  const row = UUID.test(options.id) ? await readJobRow(options.id) : null;
  if (!row || (row.userId !== options.principal.user.id && !options.principal.user.isAdmin))
    throw notFound("Job not found");
  return serializeJob(row);
}
