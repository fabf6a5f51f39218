import "server-only";
import type { AttachmentType } from "@/server/attachments/file-type";

const MAX_NAME_LENGTH = 200;
// C0/C1 controls, DEL, and bidi embeddings/overrides/isolates (a name that displays reversed).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A stored file name: the last path part only (either slash), without control or bidi
 * characters, trimmed of spaces and leading dots, and ending in the **detected** type's
 * extension in place of the user's (`poly.html` holding PNG bytes is stored as `poly.png`:
 * issue 25 item 8); at most 200 characters; `attachment.<ext>` when nothing is left.
 */
export function cleanFileName(raw: string | null | undefined, type: AttachmentType): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const name = base.normalize("NFC").replace(UNSAFE_CHARS, "").trim().replace(/^\.+/, "").trim();
  return withTypeExtension(name, type.ext);
}

/** Spellings of an extension that name the same type (kept as the user wrote them). */
const SAME_TYPE: Record<string, string[]> = { jpg: ["jpg", "jpeg", "jpe"], heic: ["heic"], heif: ["heif", "hif"] };

/**
 * The name's own extension (a last dot followed by 1-10 letters or digits) replaced by `ext`,
 * unless it already names that type (`IMG_1.HEIC`, `stub.jpeg` stay as they are).
 */
export function withTypeExtension(name: string, ext: string): string {
  const own = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase();
  if (own && (SAME_TYPE[ext] ?? [ext]).includes(own) && name.length <= MAX_NAME_LENGTH && name.length > own.length + 1)
    return name;
  const stem = name.replace(/\.[A-Za-z0-9]{1,10}$/, "").replace(/[.\s]+$/, "");
  if (!stem) return `attachment.${ext}`;
  return `${stem.slice(0, MAX_NAME_LENGTH - ext.length - 1)}.${ext}`;
}

/**
 * `Content-Disposition: attachment` naming the file: an ASCII `filename` for old clients (other
 * characters as `_`, quotes and backslashes removed) and the exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7E]/g, "_").replace(/["\\]/g, "_") || "attachment";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
