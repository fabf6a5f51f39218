// The headers of the public verify pages and their JSON (issue 22, docs/decisions/101), shared by
// proxy.ts and the route handlers. The pages run no script, so their policy allows none: no nonce,
// nothing that differs between two requests, so two refused tokens get identical answers.

export const PUBLIC_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const PUBLIC_PAGE_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
  "Content-Security-Policy": PUBLIC_PAGE_CSP,
};

/** The public verify pages: "/verify", "/v/{token}" and "/V/{token}" (the QR's upper-case form). */
export function isPublicVerifyPath(pathname: string): boolean {
  return pathname === "/verify" || /^\/[vV]\/[^/]+$/.test(pathname);
}
