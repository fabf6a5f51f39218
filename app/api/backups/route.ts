// GET /api/backups - the newest backup and the automatic backups' settings; POST - back up now (admin)
import { apiRoute } from "@/server/http/api-route";
import { getBackupStatus } from "@/server/backup/get-backup-status";
import { takeBackupNow } from "@/server/backup/take-backup-now";
import type { BackupsAnswer } from "@/lib/schemas/backup";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => ({
  success: true,
  backups: await getBackupStatus({ principal }),
}) satisfies BackupsAnswer);

export const POST = apiRoute({ access: "admin" }, async ({ principal }) => ({
  success: true,
  backups: await takeBackupNow({ principal }),
}) satisfies BackupsAnswer);
