import { NextResponse, type NextRequest } from "next/server";
import { apiPathProblem, badApiPathBody, isApiPath } from "@/lib/request-path.mjs";
import { apiCacheControl } from "@/lib/base-headers.mjs";
import { PUBLIC_PAGE_HEADERS, isPublicVerifyPath } from "@/lib/public-page-headers";
import {
  API_CONTENT_SECURITY_POLICY,
  HSTS_VALUE,
  contentSecurityPolicy,
  createNonce,
  isServedOverHttps,
} from "@/lib/security-headers";

// Redirects and headers only. Every page and route handler checks access itself against the
// database; this file saves a round trip for the obvious cases (SPEC section 2's route table),
// gives each page its CSP nonce, and answers a malformed /api path with the API's JSON error
// before Next would answer it with a plain-text 500 or a redirect.

/**
 * Every page under app/dashboard, as its path below /dashboard: route groups left out, a dynamic
 * segment written as its folder is named ("tickets/[id]", "[...path]", "[[...path]]"). Any other
 * /dashboard path is unknown and goes to /login (SPEC section 2). proxy.test.ts reads the route
 * folders and fails when a page.tsx is missing here, or an entry has no page.
 */
export const DASHBOARD_PAGES = [
  "overview",
  "tickets",
  "tickets/voided",
  "tickets/prints",
  "register",
  "analytics",
  "admin",
  "remittances",
  "reconciliation",
  "statement",
  "draw",
  "closeout",
  "settings",
];

/** The pattern of one DASHBOARD_PAGES entry, matched against the path's segments below /dashboard. */
function pagePattern(page: string) {
  const parts = page.split("/").map((segment) => {
    if (/^\[\[\.\.\.[^/]+\]\]$/.test(segment)) return "(?:/[^/]+)*";
    if (/^\[\.\.\.[^/]+\]$/.test(segment)) return "(?:/[^/]+)+";
    if (/^\[[^/]+\]$/.test(segment)) return "/[^/]+";
    return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  });
  return new RegExp(`^${parts.join("")}$`);
}

/** Whether a path below /dashboard ("tickets/voided", no leading slash) is one of `pages`. */
export function dashboardPageMatcher(pages: readonly string[]) {
  const patterns = pages.map(pagePattern);
  return (below: string) => patterns.some((pattern) => pattern.test(`/${below}`));
}

const isDashboardPage = dashboardPageMatcher(DASHBOARD_PAGES);

/** Pages anyone may open without signing in, as patterns of the whole path (the draw's public proof). */
const PUBLIC_PAGES = [/^\/draw\/[^/]+$/];

const SESSION_COOKIE = /^(__Host-|__Secure-)?authjs\.session-token(\.\d+)?$/;

// A plain URL, not a clone of nextUrl: with skipTrailingSlashRedirect, NextURL would keep the
// request's trailing slash on the new path.
function redirectTo(request: NextRequest, pathname: string, search = "") {
  return NextResponse.redirect(new URL(`${pathname}${search}`, request.url));
}

function withTransportHeaders(request: NextRequest, response: NextResponse) {
  const https = isServedOverHttps({
    authUrl: process.env.AUTH_URL || undefined,
    forwardedProto: request.headers.get("x-forwarded-proto"),
    protocol: request.nextUrl.protocol,
  });
  if (https) response.headers.set("Strict-Transport-Security", HSTS_VALUE);
  return response;
}

function handleApi(request: NextRequest) {
  const problem = apiPathProblem(request.nextUrl.pathname);
  const response = problem ? NextResponse.json(badApiPathBody(problem), { status: 400 }) : NextResponse.next();
  // Answers carry the caller's data: never stored by the browser or a shared cache (apiRoute
  // sets it too, for the requests with a body that never come here).
  // The large CSV downloads also say no-transform, so Next does not gzip them (decision 250).
  response.headers.set("Cache-Control", apiCacheControl(request.nextUrl.pathname));
  response.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  return withTransportHeaders(request, response);
}

/**
 * The public verify pages (issue 22): no sign-in, no nonce (they run no script, and two refused
 * tokens must get identical answers), their own fixed headers. A verify QR holds an upper-case
 * URL (".../V/TOKEN", smaller in QR alphanumeric mode): served as /v/.
 */
function handlePublicPage(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const response = pathname.startsWith("/V/")
    ? NextResponse.rewrite(new URL(`/v/${pathname.slice(3)}${search}`, request.url))
    : NextResponse.next();
  for (const [name, value] of Object.entries(PUBLIC_PAGE_HEADERS)) response.headers.set(name, value);
  return response;
}

function handlePage(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  // Next's own trailing-slash redirect is off (for the API's sake): pages do it here.
  if (pathname.length > 1 && pathname.endsWith("/"))
    return redirectTo(request, pathname.replace(/\/+$/, "") || "/", search);
  if (isPublicVerifyPath(pathname)) return handlePublicPage(request);
  if (pathname === "/register") return redirectTo(request, "/dashboard/register");
  if (pathname !== "/login" && !PUBLIC_PAGES.some((page) => page.test(pathname))) {
    const [first, ...below] = pathname.split("/").filter(Boolean);
    if (first !== "dashboard") return redirectTo(request, "/login");
    const hasSessionCookie = request.cookies.getAll().some((cookie) => SESSION_COOKIE.test(cookie.name));
    if (!hasSessionCookie) return redirectTo(request, "/login");
    if (below.length === 0) return redirectTo(request, "/dashboard/overview");
    if (!isDashboardPage(below.join("/"))) return redirectTo(request, "/login");
  }
  // Next reads the CSP from the request headers and puts the nonce on its own scripts; the root
  // layout reads `x-nonce` for next-themes' inline script.
  const nonce = createNonce();
  const csp = contentSecurityPolicy({ nonce, isDev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isApiPath(pathname)) return handleApi(request);
  const response = handlePage(request);
  if (!response.headers.has("Content-Security-Policy")) {
    // Redirects render nothing, but keep the policy on every HTML-path answer.
    response.headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce: createNonce(), isDev: false }));
  }
  return withTransportHeaders(request, response);
}

export const config = {
  matcher: [
    // API requests without a body (emails in paths have dots, so no extension rule here). Next
    // makes a proxied request's route wait until the whole body has arrived (it copies the body
    // for the proxy), which would undo the routes' streamed 413: requests with a body skip the
    // proxy, and scripts/start.mjs checks their path instead.
    {
      source: "/api/:path*",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    // Every page; not Next's build assets nor files with an extension (favicon, icons): those
    // get the static headers from next.config.ts.
    "/((?!api/|_next/static|_next/image|.*\\.[A-Za-z0-9]+$).*)",
  ],
};
