import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { DASHBOARD_PAGES, dashboardPageMatcher, proxy } from "@/proxy";

// The proxy sends every /dashboard path it does not know to /login, so a page missing from
// DASHBOARD_PAGES is unreachable: this reads the route folders the way Next does and compares.
const DASHBOARD_DIR = path.join(import.meta.dirname, "app", "dashboard");
const PAGE_FILE = /^page\.(tsx|ts|jsx|js|mdx)$/;

/** The URL path below /dashboard of every page.tsx under app/dashboard ("" for the index). */
function pagesOnDisk(dir = DASHBOARD_DIR, below: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && PAGE_FILE.test(entry.name)) found.push(below.join("/"));
    if (!entry.isDirectory()) continue;
    const name = entry.name;
    // Private folders are not routes; intercepting routes only show another route in place.
    if (name.startsWith("_") || /^\(\.{1,3}\)/.test(name)) continue;
    // Route groups and parallel-route slots add no segment to the URL.
    const segment = /^\(.+\)$/.test(name) || name.startsWith("@") ? [] : [name];
    found.push(...pagesOnDisk(path.join(dir, name), [...below, ...segment]));
  }
  return found;
}

/** A path that a page's pattern matches, with a value in each dynamic segment. */
const sample = (page: string) =>
  page
    .split("/")
    .map((segment) => (segment.startsWith("[") ? "x1" : segment))
    .join("/");

const signedIn = (url: string) => new NextRequest(url, { headers: { cookie: "authjs.session-token=anything" } });

describe("DASHBOARD_PAGES", () => {
  const onDisk = pagesOnDisk().filter((page) => page !== "");

  it("lists exactly the pages under app/dashboard (add a new page's path below /dashboard to proxy.ts)", () => {
    expect(onDisk.length).toBeGreaterThan(0);
    expect([...DASHBOARD_PAGES].sort()).toEqual([...new Set(onDisk)].sort());
  });

  it("lets a signed-in request through to every page, and sends unknown paths to /login", () => {
    for (const page of onDisk) {
      const res = proxy(signedIn(`http://localhost:3000/dashboard/${sample(page)}`));
      expect(res.headers.get("location"), page).toBeNull();
    }
    for (const unknown of ["nope", "overview/extra", "tickets/nope/deeper"]) {
      const res = proxy(signedIn(`http://localhost:3000/dashboard/${unknown}`));
      expect(res.headers.get("location"), unknown).toBe("http://localhost:3000/login");
    }
    expect(proxy(signedIn("http://localhost:3000/dashboard")).headers.get("location")).toBe(
      "http://localhost:3000/dashboard/overview",
    );
  });
});

describe("dashboardPageMatcher", () => {
  const isPage = dashboardPageMatcher([
    "tickets",
    "tickets/voided",
    "tickets/[id]/edit",
    "draw/[...step]",
    "help/[[...topic]]",
  ]);

  it("matches nested pages segment by segment, and nothing longer or shorter", () => {
    expect(isPage("tickets")).toBe(true);
    expect(isPage("tickets/voided")).toBe(true);
    expect(isPage("tickets/voided/x")).toBe(false);
    expect(isPage("ticketsx")).toBe(false);
    expect(isPage("tickets/")).toBe(false);
  });

  it("matches a dynamic segment with one segment, a catch-all with one or more, an optional one with any", () => {
    expect(isPage("tickets/abc/edit")).toBe(true);
    expect(isPage("tickets/abc")).toBe(false);
    expect(isPage("tickets/a/b/edit")).toBe(false);
    expect(isPage("draw")).toBe(false);
    expect(isPage("draw/1/2")).toBe(true);
    expect(isPage("help")).toBe(true);
    expect(isPage("help/a/b")).toBe(true);
  });
});

describe("the public verify pages (issue 22)", () => {
  it("pass without a session, with the fixed no-script policy and no nonce; /V/ is served as /v/", () => {
    for (const url of [
      "http://localhost:3000/v/00042117C634164AXKBF394WFJH0A2G20",
      "http://localhost:3000/verify",
      "http://localhost:3000/verify?cn=B2K-123-00042&code=7C6-341",
    ]) {
      const res = proxy(new NextRequest(url));
      expect(res.headers.get("location"), url).toBeNull();
      expect(res.headers.get("content-security-policy")).toContain("script-src 'none'");
      expect(res.headers.get("content-security-policy")).not.toContain("nonce");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const upper = proxy(new NextRequest("http://localhost:3000/V/00042117C634164AXKBF394WFJH0A2G20"));
    expect(upper.headers.get("x-middleware-rewrite")).toBe("http://localhost:3000/v/00042117C634164AXKBF394WFJH0A2G20");
    // Only those paths: anything else still goes to sign-in.
    expect(proxy(new NextRequest("http://localhost:3000/v/a/b")).headers.get("location")).toBe(
      "http://localhost:3000/login",
    );
  });
});

describe("public pages", () => {
  it("lets anyone open a draw's public proof, and nothing deeper", () => {
    const res = proxy(new NextRequest("http://localhost:3000/draw/6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a98"));
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain("script-src");
    expect(proxy(new NextRequest("http://localhost:3000/draw/x/y")).headers.get("location")).toBe(
      "http://localhost:3000/login",
    );
    expect(proxy(new NextRequest("http://localhost:3000/draw")).headers.get("location")).toBe(
      "http://localhost:3000/login",
    );
  });
});
