// POST /api/audit/checkpoints - take a checkpoint (count and SHA-256) of the audit log so far (administrators)
import { createAuditCheckpoint } from "@/server/activity/audit-checkpoints";
import { apiRoute, json } from "@/server/http/api-route";
import type { AuditCheckpointSaved } from "@/lib/schemas/audit";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin" }, async ({ principal }) =>
  json({ success: true, ...(await createAuditCheckpoint({ principal })) } satisfies AuditCheckpointSaved, 201),
);
