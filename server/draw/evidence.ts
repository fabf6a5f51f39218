import "server-only";
import { createHash } from "node:crypto";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { cleanFileName } from "@/server/attachments/file-name";
import { detectAttachmentType } from "@/server/attachments/file-type";
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  UNSUPPORTED_TYPE_MESSAGE,
} from "@/server/attachments/upload-attachment";
import { db } from "@/server/db/client";
import { DRAW_NOT_FOUND, drawIdOrThrow } from "@/server/draw/reveal-draw";
import { AppError } from "@/server/http/errors";

// Evidence files for a disqualification (issue 23, docs/decisions/129): "disqualified (a reason,
// a note, an optional evidence file)". A file goes with the position's disqualification event it
// supports and is kept as the events are (append-only table). Administrators only; the
// certificate names no file (it may show the person), the Minutes neither.

export const MAX_EVIDENCE_PER_EVENT = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/draws/{id}/positions/{n}/evidence (multipart `file`): to the position's current disqualification. */
export async function addEvidence(options: {
  id: string;
  position: string;
  fileName: string;
  bytes: Uint8Array;
  principal: Principal;
}) {
  requireAdmin(options.principal);
  const { user } = options.principal;
  const id = drawIdOrThrow(options.id);
  const position = Number(options.position);
  if (!Number.isInteger(position) || position < 1) throw new AppError("not_found", "Position not found");
  const { bytes } = options;
  if (bytes.byteLength === 0) throw new AppError("bad_request", "The file is empty");
  if (bytes.byteLength > MAX_ATTACHMENT_BYTES) throw new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE);
  const type = detectAttachmentType(bytes);
  if (!type) throw new AppError("unsupported_media_type", UNSUPPORTED_TYPE_MESSAGE);
  const fileName = cleanFileName(options.fileName, type);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return db().$transaction(async (tx) => {
    const [draw] = await tx.$queryRaw<{ number: number }[]>`SELECT number FROM draws WHERE id = ${id}::uuid FOR UPDATE`;
    if (!draw) throw new AppError("not_found", DRAW_NOT_FOUND);
    const [last] = await tx.$queryRaw<{ id: bigint; event: string; control_number: string }[]>`
      SELECT e.id, e.event, p.control_number FROM winner_events e JOIN draw_positions p ON p.draw_id = e.draw_id AND
      p.position = e.position
      WHERE e.draw_id = ${id}::uuid AND e.position = ${position}::int ORDER BY e.id DESC LIMIT 1`;
    if (!last) throw new AppError("not_found", "Position not found");
    if (last.event !== "disqualified")
      throw new AppError("conflict", `Evidence goes with a disqualification: position ${position} is not disqualified`);
    const [{ count }] = await tx.$queryRaw<
      { count: number }[]
    >`SELECT count(*)::int AS count FROM winner_event_evidence WHERE event_id = ${last.id}`;
    if (count >= MAX_EVIDENCE_PER_EVENT)
      throw new AppError(
        "limit_reached",
        `A disqualification can have at most ${MAX_EVIDENCE_PER_EVENT} evidence files`,
      );
    const row = await tx.winnerEventEvidence.create({
      data: {
        eventId: last.id,
        fileName,
        contentType: type.mime,
        fileSize: bytes.byteLength,
        sha256,
        data: new Uint8Array(bytes),
        uploadedById: user.id,
      },
      select: { id: true, fileName: true, fileSize: true, contentType: true, sha256: true, createdAt: true },
    });
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "draw.winner_event",
      entityId: id,
      after: {
        number: draw.number,
        position,
        controlNumber: last.control_number,
        event: "evidence",
        reason: null,
        fileName,
        sha256,
        fileSize: bytes.byteLength,
      },
    });
    return {
      id: row.id,
      position,
      fileName: row.fileName,
      fileSize: row.fileSize,
      contentType: row.contentType,
      sha256: row.sha256,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** GET /api/draws/{id}/evidence/{evidenceId} (administrators): the file, as a download. */
export async function readEvidence(options: { id: string; evidenceId: string; principal: Principal }) {
  requireAdmin(options.principal);
  const id = drawIdOrThrow(options.id);
  if (!UUID.test(options.evidenceId)) throw new AppError("not_found", "Evidence not found");
  const [row] = await db().$queryRaw<{ file_name: string; content_type: string; data: Uint8Array | null }[]>`
    SELECT v.file_name, v.content_type, v.data FROM winner_event_evidence v JOIN winner_events e ON e.id = v.event_id
    WHERE v.id = ${options.evidenceId.toLowerCase()}::uuid AND e.draw_id = ${id}::uuid`;
  if (!row) throw new AppError("not_found", "Evidence not found");
  // The purge of personal data removed the file (docs/decisions/147); its SHA-256 still matches the archive's copy.
  if (!row.data)
    throw new AppError(
      "not_found",
      "This evidence file was removed with the buyers' personal data: the close-out archive keeps it",
    );
  return new Response(Buffer.from(row.data), {
    headers: {
      "content-type": row.content_type,
      "content-disposition": `attachment; filename="${row.file_name.replace(/["\\\r\n]/g, "_")}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  });
}
