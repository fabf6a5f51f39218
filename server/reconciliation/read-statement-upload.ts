import "server-only";
import {
  importFieldsSchema,
  RECON_MESSAGES,
  STATEMENT_MAX_BYTES,
  type ImportFields,
} from "@/lib/schemas/reconciliation";
import { validationError } from "@/server/http/api-route";
import { AppError } from "@/server/http/errors";
import { readBodyBytes } from "@/server/http/read-body";

/** One 10 MB statement and its multipart framing and fields. */
export const STATEMENT_BODY_LIMIT_BYTES = STATEMENT_MAX_BYTES + 64 * 1024;

const tooLarge = () => new AppError("file_too_large", RECON_MESSAGES.fileTooLarge);

/**
 * POST /api/reconciliation/imports's body: multipart `file`, `kind`, `accountLabel`, `password` (a
 * PDF's), `mapping` (a CSV's, JSON), `profile`. Read under the limit as it streams in; a larger body
 * or file is 413 file_too_large. The password is returned to the caller and kept nowhere.
 */
export async function readStatementUpload(
  req: Request,
): Promise<{ fileName: string; bytes: Uint8Array; fields: ImportFields }> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw new AppError("bad_request", "Send the statement as multipart/form-data with the file in the field 'file'");
  let body: Uint8Array;
  try {
    body = await readBodyBytes(req, STATEMENT_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code === "payload_too_large") throw tooLarge();
    throw error;
  }
  let form: FormData;
  try {
    form = await new Request("http://upload.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: body as BodyInit,
    }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read as multipart/form-data");
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = importFieldsSchema.safeParse({
    kind: field("kind"),
    accountLabel: field("accountLabel"),
    password: field("password"),
    mapping: field("mapping"),
    profile: field("profile") || undefined,
  });
  if (!parsed.success) throw validationError(parsed.error);
  if (parsed.data.kind === "bank_csv" && !parsed.data.mapping) {
    throw new AppError("validation_failed", RECON_MESSAGES.mapping, {
      issues: [{ path: "mapping", message: RECON_MESSAGES.mapping }],
    });
  }
  const file = form.get("file");
  if (!file || typeof file === "string")
    throw new AppError("validation_failed", RECON_MESSAGES.file, {
      issues: [{ path: "file", message: RECON_MESSAGES.file }],
    });
  if (file.size > STATEMENT_MAX_BYTES) throw tooLarge();
  return { fileName: file.name || "statement", bytes: new Uint8Array(await file.arrayBuffer()), fields: parsed.data };
}
