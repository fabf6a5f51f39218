import "server-only";
import type { SelfTestJobInput } from "@/lib/schemas/job";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { selfTestJob } from "@/server/jobs/kinds/self-test";
import { startJob } from "@/server/jobs/start-job";

/** POST /api/jobs/self-test: an administrator checks that this instance runs heavy jobs. */
export async function startSelfTest(options: {
  principal: Principal;
  input: SelfTestJobInput;
  signal?: AbortSignal;
  jobId?: string | null;
}) {
  requireAdmin(options.principal);
  return startJob(selfTestJob, {
    principal: options.principal,
    input: options.input,
    signal: options.signal,
    id: options.jobId,
  });
}
