import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { AppError } from "@/server/http/errors";

function safeEqual(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** When DASHBOARD_API_KEY is set, every /api call must carry it in X-Dashboard-API-Key. */
export function checkApiKey(req: NextRequest, expected: string | undefined) {
  if (!expected) return;
  const given = req.headers.get("x-dashboard-api-key");
  if (!given || !safeEqual(given, expected)) throw new AppError("invalid_api_key", "Missing or invalid API key");
}

/** The origin this app is served from, as the browser sees it. */
export function appOrigin(req: NextRequest): string {
  if (process.env.AUTH_URL) return new URL(process.env.AUTH_URL).origin;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? req.nextUrl.host;
  const proto = req.headers.get("x-forwarded-proto") ?? req.nextUrl.protocol.replace(":", "");
  return `${proto}://${host}`;
}

/**
 * Cookie-authenticated writes must come from our own pages (CSRF defence). A browser's own word on
 * where the request came from (Sec-Fetch-Site) wins over an Origin that matches: `cross-site` or
 * `same-site` is refused whatever Origin says (issue 40); a client that sends no Sec-Fetch-Site is
 * judged by Origin alone.
 */
export function checkOrigin(req: NextRequest) {
  const origin = req.headers.get("origin");
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin")
    throw new AppError("bad_origin", "Cross-origin request refused (the browser says it came from another site)");
  if (!origin || origin === "null" || origin !== appOrigin(req)) {
    throw new AppError("bad_origin", "Cross-origin request refused");
  }
}
