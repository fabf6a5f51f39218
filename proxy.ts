import { NextResponse, type NextRequest } from "next/server";
import { apiPathProblem, badApiPathBody, isApiPath } from "@/lib/request-path.mjs";
import { HSTS_VALUE, contentSecurityPolicy, createNonce, isServedOverHttps } from "@/lib/security-headers";

// Redirects and headers only. Every page and route handler checks access itself against the
// database; this file saves a round trip for the obvious cases (SPEC section 2's route table),
// gives each page its CSP nonce, and answers a malformed /api path with the API's JSON error
// before Next would answer it with a plain-text 500 or a redirect.

const DASHBOARD_PAGES = new Set(["overview", "tickets", "register", "analytics", "admin", "settings"]);
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

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
  response.headers.set("Cache-Control", "no-store");
  return withTransportHeaders(request, response);
}

function handlePage(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  // Next's own trailing-slash redirect is off (for the API's sake): pages do it here.
  if (pathname.length > 1 && pathname.endsWith("/")) return redirectTo(request, pathname.replace(/\/+$/, "") || "/", search);
  if (pathname === "/register") return redirectTo(request, "/dashboard/register");
  if (pathname !== "/login") {
    const [first, second, ...rest] = pathname.split("/").filter(Boolean);
    if (first !== "dashboard") return redirectTo(request, "/login");
    const hasSessionCookie = request.cookies.getAll().some((cookie) => SESSION_COOKIE.test(cookie.name));
    if (!hasSessionCookie) return redirectTo(request, "/login");
    if (second === undefined) return redirectTo(request, "/dashboard/overview");
    if (!DASHBOARD_PAGES.has(second) || rest.length > 0) return redirectTo(request, "/login");
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
