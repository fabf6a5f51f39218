// The security headers of every answer (issue 14), in one place: next.config.ts applies the
// static set to everything Next serves (assets and its own error pages included), proxy.ts adds
// the per-request ones (the CSP with its nonce, HSTS, Cache-Control on the API).
// What the CSP allows and why: docs/decisions/035-security-headers-and-csp.md.

import { API_CONTENT_SECURITY_POLICY, API_ONLY_HEADERS, BASE_SECURITY_HEADERS } from "./base-headers.mjs";

/** Headers that never change between requests (the list lives in lib/base-headers.mjs). */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = BASE_SECURITY_HEADERS;
export { API_CONTENT_SECURITY_POLICY, API_ONLY_HEADERS };

/** Two years, as the HSTS preload list asks. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/**
 * The page CSP. Scripts: only ours, each carrying this request's nonce ('strict-dynamic' lets
 * Next's loader add its chunks). Styles: this origin plus inline styles, because Radix, sonner,
 * recharts and React's `style` props write style attributes and <style> elements at run time
 * that cannot carry a nonce. Images: ours, data:/blob: (charts, downloads) and Google profile
 * pictures (the account avatar). Nothing may frame the app.
 */
export function contentSecurityPolicy(options: { nonce: string; isDev: boolean }) {
  const { nonce, isDev } = options;
  const directives = [
    "default-src 'self'",
    // React needs eval only in development, for its debugging stacks.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    "font-src 'self' data:",
    `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  return directives.join("; ");
}

/** A fresh, unguessable nonce (16 random bytes, base64). */
export function createNonce() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** HSTS only when the app is served over https: AUTH_URL says so, or the proxy in front does. */
export function isServedOverHttps(options: { authUrl?: string; forwardedProto?: string | null; protocol: string }) {
  if (options.authUrl) return options.authUrl.startsWith("https://");
  const proto = options.forwardedProto?.split(",")[0]?.trim() || options.protocol.replace(/:$/, "");
  return proto === "https";
}
