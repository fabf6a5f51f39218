// Checks on the raw path of an /api request. Plain JavaScript so that both proxy.ts and the
// production server (scripts/start.mjs, which sees the path before Next resolves `%2e%2e`)
// use the same rule: Next answers a malformed percent escape with a plain-text 500 and dot
// segments with a redirect, both before any route handler could give the API's JSON error.

export const BAD_PATH_MESSAGE = "The request path is not valid";

/** A UTF-16 surrogate half without its pair: not text, and PostgreSQL's json refuses it. */
export function hasLoneSurrogate(value) {
  return !value.isWellFormed();
}

/**
 * Why an API path cannot name a resource, or null when it is fine: a malformed percent escape
 * (`%ff`, a lone `%`), a dot segment (`.`, `..`, also encoded), an empty segment (`//`, a
 * trailing slash), or an encoded NUL or unpaired surrogate.
 */
export function apiPathProblem(rawPath) {
  const segments = rawPath.split("/").slice(1);
  for (const [index, segment] of segments.entries()) {
    let decoded;
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

/** Whether a request path (query excluded) is under /api. */
export function isApiPath(path) {
  return path === "/api" || path.startsWith("/api/");
}

/** The JSON body of the 400 for a bad /api path. */
export function badApiPathBody(problem) {
  return { success: false, code: "bad_request", message: `${BAD_PATH_MESSAGE} (${problem})` };
}
