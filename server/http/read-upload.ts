import "server-only";
import { AppError } from "@/server/http/errors";
import { readBodyBytes } from "@/server/http/read-body";

/** One 10 MB file and its multipart framing. */
export const UPLOAD_BODY_LIMIT_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/** Whether the request says it carries multipart/form-data. */
export const isMultipart = (req: Request) => /^multipart\/form-data\s*;/i.test(req.headers.get("content-type") ?? "");

/**
 * A multipart/form-data body: read under the limit as it streams in (413 beyond it), then parsed by
 * the platform's FormData. `field` names the file field for the message when it is not multipart.
 */
export async function readUploadForm(req: Request, options: { field: string; limitBytes: number }): Promise<FormData> {
  if (!isMultipart(req))
    throw new AppError("bad_request", `Send the file as multipart/form-data in the field '${options.field}'`);
  const body = await readBodyBytes(req, options.limitBytes);
  try {
    return await new Request("http://upload.invalid/", {
      method: "POST",
      headers: { "content-type": req.headers.get("content-type")! },
      body: body as BodyInit,
    }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read as multipart/form-data");
  }
}

/** The file of a multipart/form-data upload (400 naming the field when there is none). */
export async function readUploadedFile(
  req: Request,
  options: { field: string; limitBytes: number },
): Promise<{ name: string; bytes: Uint8Array }> {
  const form = await readUploadForm(req, options);
  const file = form.get(options.field);
  if (!file || typeof file === "string")
    throw new AppError("bad_request", `A file is required in the field '${options.field}'`);
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
