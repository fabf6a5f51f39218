import "server-only";
import { AppError } from "@/server/http/errors";

/** JSON bodies of ordinary routes; routes that take files or CSV set their own limit. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

const MB = 1024 * 1024;
const sizeLabel = (bytes: number) =>
  bytes < MB ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / MB) * 10) / 10} MB`;

export function payloadTooLarge(limitBytes: number) {
  return new AppError("payload_too_large", `Request body is too large: the limit is ${sizeLabel(limitBytes)}`);
}

/** Refuses at once a request whose declared Content-Length is over the limit. */
export function checkDeclaredLength(req: Request, limitBytes: number) {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limitBytes)
    throw payloadTooLarge(limitBytes);
}

/**
 * The body's bytes, read as they arrive and abandoned as soon as they pass the limit: a body
 * that never ends, or lies about its length, costs at most `limitBytes` of memory.
 */
export async function readBodyBytes(req: Request, limitBytes: number): Promise<Uint8Array> {
  checkDeclaredLength(req, limitBytes);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readBodyText(req: Request, limitBytes: number): Promise<string> {
  return new TextDecoder("utf-8").decode(await readBodyBytes(req, limitBytes));
}
