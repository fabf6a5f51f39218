import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";
import { API_ONLY_HEADERS, STATIC_SECURITY_HEADERS } from "./lib/security-headers";
import { DOWNLOAD_NO_STORE, UNCOMPRESSED_DOWNLOADS } from "./lib/base-headers.mjs";

const nextConfig: NextConfig = {
  // PGlite ships a WebAssembly Postgres and data files; it must be loaded by Node, not bundled.
  // pdfkit reads its own font metrics (data/*.afm) next to its files at run time. The embedded
  // Noto Sans is not a package import: server/pdf/pdf-document.ts names the files with
  // `new URL(…, import.meta.url)`, which the build copies next to the server chunks.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pglite-prisma-adapter",
    "pg",
    "pdfkit",
  ],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm run typecheck` (part of `npm test` and CI) checks the whole project, tests included;
  // checking again inside `next build` would only add time to every build.
  typescript: { ignoreBuildErrors: true },
  // An /api path is never redirected (a client would not follow it with its body); proxy.ts
  // answers a trailing slash or dot segment with the API's JSON 400 instead.
  skipTrailingSlashRedirect: true,
  // Next rewrites 127.0.0.1 in a request's URL to "localhost"; Auth.js builds its providers
  // list, redirect_uri and error redirects from that URL, so with AUTH_URL=http://127.0.0.1:PORT
  // they pointed at localhost. This keeps the URL as the client (or AUTH_URL) gave it.
  skipProxyUrlNormalize: true,
  // The static security headers on everything Next serves; proxy.ts adds the CSP, HSTS and
  // Cache-Control per request (lib/security-headers.ts, docs/decisions/035).
  async headers() {
    return [
      { source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] },
      // JSON answers: no-store and a CSP that allows nothing (issue 25 item 11, decision 063).
      { source: "/api/:path*", headers: [...API_ONLY_HEADERS] },
      // The large CSV downloads: no-transform, so `compress` leaves them alone (decision 250). A
      // later entry's value for the same header wins.
      ...UNCOMPRESSED_DOWNLOADS.map((source) => ({
        source,
        headers: [{ key: "Cache-Control", value: DOWNLOAD_NO_STORE }],
      })),
    ];
  },
};

/**
 * Source maps only for `next dev`, where the browser's tools and the error overlay read them. A
 * production build wrote 68 MB of server `.map` files that nothing reads (`npm start` runs Node
 * without source maps, and browser maps were never built): leaving them out takes a sixth off
 * every build (docs/decisions/290).
 */
export default function config(phase: string): NextConfig {
  return { ...nextConfig, experimental: { turbopackSourceMaps: phase === PHASE_DEVELOPMENT_SERVER } };
}
