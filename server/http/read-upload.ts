import "server-only";
import { AppError } from "@/server/http/errors";
import { readBodyBytes } from "@/server/http/read-body";

/** One 10 MB file and its multipart framing. */
export const UPLOAD_BODY_LIMIT_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * The file of a multipart/form-data upload: the body is read under the limit as it streams in
 * (413 beyond it), then parsed by the platform's FormData.
 */
export async function readUploadedFile(req: Request, options: { field: string; limitBytes: number }): Promise<{ name: string; bytes: Uint8Array }> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError("bad_request", `Send the file as multipart/form-data in the field '${options.field}'`);
  }
  const body = await readBodyBytes(req, options.limitBytes);
  let form: FormData;
  try {
    form = await new Request("http://upload.invalid/", { method: "POST", headers: { "content-type": contentType }, body: body as BodyInit }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read as multipart/form-data");
  }
  const file = form.get(options.field);
  if (!file || typeof file === "string") throw new AppError("bad_request", `A file is required in the field '${options.field}'`);
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
