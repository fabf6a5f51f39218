import "server-only";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { writeAudit } from "@/server/audit";
import { listBackups } from "@/server/backup/backup-files";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

/** The newest backup file as a stream; the download is audited, since the file holds every buyer's details. */
export async function downloadLatestBackup(options: { principal: Principal }) {
  requireAdmin(options.principal);
  const [latest] = await listBackups();
  if (!latest)
    throw new AppError("not_found", "There is no backup yet: press Back up now, or wait for the automatic one");
  const { user } = options.principal;
  await db().$transaction((tx) =>
    writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "raffle.backup",
      entityId: "1",
      after: { file: latest.name, sizeBytes: latest.bytes },
    }),
  );
  return {
    name: latest.name,
    bytes: latest.bytes,
    body: Readable.toWeb(createReadStream(latest.file)) as ReadableStream<Uint8Array>,
  };
}
