// GET /api/backups/latest - download the newest backup file (admin)
import { apiRoute } from "@/server/http/api-route";
import { downloadLatestBackup } from "@/server/backup/download-latest-backup";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => {
  const file = await downloadLatestBackup({ principal });
  return new Response(file.body, {
    headers: {
      "content-type": "application/gzip",
      "content-length": String(file.bytes),
      "content-disposition": `attachment; filename="${file.name}"`,
    },
  });
});
