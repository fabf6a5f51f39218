import "server-only";
import { AppError } from "@/server/http/errors";
import { hasLoneSurrogate } from "@/lib/request-path.mjs";

// Text that PostgreSQL cannot store, handled once for every JSON body at the boundary (the
// schemas then apply each field's own length and character rules, lib/schemas/text.ts):
// - NUL (U+0000) is dropped (decision 006);
// - an unpaired UTF-16 surrogate ("\ud800" in JSON) is refused with a 400 naming the field:
//   it is not text, and PostgreSQL's json type refuses it deep inside a write (a 500 before).

export const LONE_SURROGATE_MESSAGE = "contains an invalid character (an unpaired UTF-16 surrogate)";

export const withoutNul = (s: string) => s.replace(/\0/g, "");

function cleanString(value: string, path: string): string {
  if (hasLoneSurrogate(value)) {
    throw new AppError("validation_failed", `${path || "body"} ${LONE_SURROGATE_MESSAGE}`, {
      issues: [{ path, message: LONE_SURROGATE_MESSAGE }],
    });
  }
  return withoutNul(value);
}

/** The parsed JSON with every string (and key) cleaned; throws on the first bad one. */
export function cleanJsonValue(value: unknown, path = ""): unknown {
  if (typeof value === "string") return cleanString(value, path);
  if (Array.isArray(value)) return value.map((item, i) => cleanJsonValue(item, path ? `${path}.${i}` : String(i)));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [rawKey, item] of Object.entries(value)) {
      const key = cleanString(rawKey, path || "body");
      out[key] = cleanJsonValue(item, path ? `${path}.${key}` : key);
    }
    return out;
  }
  return value;
}

/** A query or path value: NUL dropped, a lone surrogate refused. */
export function cleanParam(value: string, name: string): string {
  return cleanString(value, name);
}
