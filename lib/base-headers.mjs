// The security headers every answer carries, in plain JavaScript so scripts/start.mjs (which
// answers some requests itself, before Next) and next.config.ts / apiRoute share one list.
// lib/security-headers.ts re-exports them; decisions 035 and 063.

/** On every answer: pages, assets, API, and the start script's own. */
export const BASE_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Old browsers that ignore CSP's frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/**
 * The large CSV downloads, streamed as the database writes them: `no-transform` keeps Next's
 * `compress` (the `compression` middleware skips such an answer) from gzipping them on the
 * server's two cores (22 MB for 99,999 tickets; issue 42, decision 250). Paths, exact.
 */
export const UNCOMPRESSED_DOWNLOADS = ["/api/tickets/export-all", "/api/tickets/voided/export", "/api/audit/export"];

/** What every /api answer says to caches, and also to Next's compression for the downloads above. */
export const API_NO_STORE = "no-store";
export const DOWNLOAD_NO_STORE = "no-store, no-transform";

/** The Cache-Control of the /api answer at `pathname` (proxy.ts, next.config.ts and the routes). */
export function apiCacheControl(pathname) {
  return UNCOMPRESSED_DOWNLOADS.includes(pathname) ? DOWNLOAD_NO_STORE : API_NO_STORE;
}

/** JSON needs no sources at all; nothing may frame it (issue 25 item 11). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** On every /api answer, added to the base set. */
export const API_ONLY_HEADERS = [
  { key: "Cache-Control", value: API_NO_STORE },
  { key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY },
];

/** The methods the app serves; anything else (TRACE, CONNECT, …) is 405 at the start script. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The headers above as a plain object for Node's `res.writeHead`. */
export function securityHeaderObject(options) {
  const list = options.isApi ? [...BASE_SECURITY_HEADERS, ...API_ONLY_HEADERS] : BASE_SECURITY_HEADERS;
  return Object.fromEntries(list.map(({ key, value }) => [key.toLowerCase(), value]));
}
