import "server-only";
import type { AttachmentType } from "@/server/attachments/file-type";

const MAX_NAME_LENGTH = 200;
// C0/C1 controls, DEL, and bidi embeddings/overrides/isolates (a name that displays reversed).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A stored file name: the last path part only (either slash), without control or bidi
 * characters, trimmed of spaces and leading dots, at most 200 characters with the extension
 * kept; `attachment.<ext>` when nothing is left.
 */
export function cleanFileName(raw: string | null | undefined, type: AttachmentType): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  let name = base.normalize("NFC").replace(UNSAFE_CHARS, "").trim().replace(/^\.+/, "").trim();
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name || `attachment.${type.ext}`;
}

/**
 * `Content-Disposition: attachment` naming the file: an ASCII `filename` for old clients (other
 * characters as `_`, quotes and backslashes removed) and the exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7E]/g, "_").replace(/["\\]/g, "_") || "attachment";
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
