import { NextResponse, type NextRequest } from "next/server";

// Redirects only. Every page and route handler checks access itself against the database;
// this file just saves a round trip for the obvious cases (SPEC section 2's route table).

const DASHBOARD_PAGES = new Set(["overview", "tickets", "register", "analytics", "admin", "settings"]);
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

function redirectTo(request: NextRequest, pathname: string) {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  url.search = "";
  return NextResponse.redirect(url);
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/login") return NextResponse.next();
  if (pathname === "/register") return redirectTo(request, "/dashboard/register");

  const [first, second, ...rest] = pathname.split("/").filter(Boolean);
  if (first !== "dashboard") return redirectTo(request, "/login");

  const hasSessionCookie = request.cookies.getAll().some((cookie) => SESSION_COOKIE.test(cookie.name));
  if (!hasSessionCookie) return redirectTo(request, "/login");
  if (second === undefined) return redirectTo(request, "/dashboard/overview");
  if (!DASHBOARD_PAGES.has(second) || rest.length > 0) return redirectTo(request, "/login");
  return NextResponse.next();
}

export const config = {
  // Not the API (it answers JSON, never redirects), Next's own assets or files with an extension.
  matcher: ["/((?!api/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
