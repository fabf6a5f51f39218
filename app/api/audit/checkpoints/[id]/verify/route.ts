// GET /api/audit/checkpoints/{id}/verify - recompute a checkpoint's count and SHA-256 now (administrators)
import { auditCheckpointParamsSchema } from "@/lib/schemas/audit";
import { verifyAuditCheckpoint } from "@/server/activity/audit-checkpoints";
import { apiRoute, validationError } from "@/server/http/api-route";
import type { AuditCheckpointVerified } from "@/lib/schemas/audit";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal, params }) => {
  const parsed = auditCheckpointParamsSchema.safeParse(params);
  if (!parsed.success) throw validationError(parsed.error);
  return {
    success: true,
    ...(await verifyAuditCheckpoint({ principal, id: parsed.data.id })),
  } satisfies AuditCheckpointVerified;
});
