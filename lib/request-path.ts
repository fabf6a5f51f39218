// Checks on the raw path of an /api request, made in proxy.ts before Next routes it: Next
// answers a malformed percent escape with a plain-text 500 and dot segments with a redirect,
// both before any route handler could give the API's JSON error shape.

export const BAD_PATH_MESSAGE = "The request path is not valid";

/**
 * Why an API path cannot name a resource, or null when it is fine: a malformed percent escape
 * (`%ff`, a lone `%`), an encoded NUL or slash inside a segment, a dot segment (`.`, `..`, also
 * encoded), or an empty segment (`//`, a trailing slash).
 */
export function apiPathProblem(rawPath: string): string | null {
  const segments = rawPath.split("/").slice(1);
  for (const [index, segment] of segments.entries()) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return "malformed percent escape";
    }
    if (decoded === "." || decoded === "..") return "dot segment";
    if (decoded === "" && index > 0) return "empty segment";
    if (decoded.includes("\0")) return "NUL character";
    if (hasLoneSurrogate(decoded)) return "unpaired surrogate";
  }
  return null;
}

/** A UTF-16 surrogate half without its pair: not text, and PostgreSQL's json refuses it. */
export function hasLoneSurrogate(value: string): boolean {
  return !value.isWellFormed();
}
