import "server-only";
import { createHash } from "node:crypto";
import { settleBodySchema } from "@/lib/schemas/payment-ledger";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { cleanFileName, contentDisposition } from "@/server/attachments/file-name";
import { detectAttachmentType } from "@/server/attachments/file-type";
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  UNSUPPORTED_TYPE_MESSAGE,
} from "@/server/attachments/upload-attachment";
import { validationError } from "@/server/http/api-route";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { parseJsonBody } from "@/server/http/json-body";
import { DEFAULT_BODY_LIMIT_BYTES, readBodyText } from "@/server/http/read-body";
import { isMultipart, readUploadForm, UPLOAD_BODY_LIMIT_BYTES } from "@/server/http/read-upload";

// The evidence file of a settlement by hand (issue 37, docs/decisions/235): kept like a proof of
// payment (the same types, read from the bytes, and the same 10 MB limit) and like the
// disqualification evidence (append-only, SHA-256 kept, the bytes removed by the purge, included in
// the archive when attachments are asked for). Administrators only, as the settlement is.

export const EVIDENCE_NOT_FOUND = "Evidence not found";
export const EVIDENCE_REMOVED =
  "This evidence file was removed with the buyers' personal data: the close-out archive keeps it";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface EvidenceFile {
  fileName: string;
  contentType: string;
  sha256: string;
  bytes: Uint8Array;
}

/** A file checked as a proof of payment is (empty, over 10 MB, not JPEG/PNG/WebP/HEIC/PDF: refused). */
export function checkEvidenceFile(file: { name: string; bytes: Uint8Array }): EvidenceFile {
  if (file.bytes.byteLength === 0) throw new AppError("bad_request", "The evidence file is empty");
  if (file.bytes.byteLength > MAX_ATTACHMENT_BYTES) throw new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE);
  const type = detectAttachmentType(file.bytes);
  if (!type) throw new AppError("unsupported_media_type", UNSUPPORTED_TYPE_MESSAGE);
  return {
    fileName: cleanFileName(file.name, type),
    contentType: type.mime,
    sha256: createHash("sha256").update(file.bytes).digest("hex"),
    bytes: file.bytes,
  };
}

/**
 * The settle request: JSON `{reason}` (the contract), or multipart/form-data with the field `reason`
 * and an optional `file`, so the settlement and its file are written together or not at all.
 */
export async function readSettleRequest(req: Request): Promise<{ reason?: string; evidence?: EvidenceFile }> {
  if (!isMultipart(req)) {
    const parsed = settleBodySchema.safeParse(parseJsonBody(await readBodyText(req, DEFAULT_BODY_LIMIT_BYTES)));
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  }
  const form = await readUploadForm(req, { field: "file", limitBytes: UPLOAD_BODY_LIMIT_BYTES });
  const reason = form.get("reason");
  const parsed = settleBodySchema.safeParse({ reason: typeof reason === "string" ? reason : undefined });
  if (!parsed.success) throw validationError(parsed.error);
  const file = form.get("file");
  if (file !== null && typeof file === "string") throw new AppError("bad_request", "The field 'file' must be a file");
  // A form whose file input was left empty sends a nameless, empty file: no evidence.
  const evidence =
    file && (file.size > 0 || file.name)
      ? checkEvidenceFile({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })
      : undefined;
  return { reason: parsed.data.reason, evidence };
}

/** GET /api/reconciliation/payments/{id}/evidence/{evidenceId} (administrators): the file, as a download. */
export async function readSettleEvidence(options: {
  principal: Principal;
  paymentId: string;
  evidenceId: string;
}): Promise<Response> {
  requireAdmin(options.principal);
  if (!UUID.test(options.paymentId) || !UUID.test(options.evidenceId))
    throw new AppError("not_found", EVIDENCE_NOT_FOUND);
  const [row] = await db().$queryRaw<{ file_name: string; content_type: string; data: Uint8Array | null }[]>`
    SELECT file_name, content_type, data FROM payment_settle_evidence
    WHERE id = ${options.evidenceId.toLowerCase()}::uuid AND payment_id = ${options.paymentId.toLowerCase()}::uuid`;
  if (!row) throw new AppError("not_found", EVIDENCE_NOT_FOUND);
  if (!row.data) throw new AppError("not_found", EVIDENCE_REMOVED);
  return new Response(new Uint8Array(row.data), {
    headers: {
      "content-type": row.content_type,
      "content-length": String(row.data.byteLength),
      "content-disposition": contentDisposition(row.file_name),
      "x-content-type-options": "nosniff",
      // Opened directly, the file still runs nothing and reaches nothing (as a proof of payment).
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  });
}
