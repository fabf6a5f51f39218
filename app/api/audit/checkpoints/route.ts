// POST /api/audit/checkpoints - take a checkpoint (count and SHA-256) of the audit log so far (administrators)
import { createAuditCheckpoint } from "@/server/activity/audit-checkpoints";
import { apiRoute, json } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin" }, async ({ principal }) =>
  json({ success: true, ...(await createAuditCheckpoint({ principal })) }, 201),
);
