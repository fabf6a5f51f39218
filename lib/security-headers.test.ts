import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { contentSecurityPolicy, isServedOverHttps } from "@/lib/security-headers";

const saved = process.env.AUTH_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.AUTH_URL;
  else process.env.AUTH_URL = saved;
});

const request = (url: string, headers: Record<string, string> = {}) => new NextRequest(url, { headers });

describe("HSTS", () => {
  it("is sent on pages and API answers when AUTH_URL is https", () => {
    process.env.AUTH_URL = "https://raffle.example.org";
    expect(proxy(request("https://raffle.example.org/login")).headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(proxy(request("https://raffle.example.org/api/health")).headers.get("strict-transport-security")).toMatch(
      /^max-age=/,
    );
  });

  it("is not sent over plain http, and follows X-Forwarded-Proto without AUTH_URL", () => {
    process.env.AUTH_URL = "http://127.0.0.1:3000";
    expect(proxy(request("http://127.0.0.1:3000/login")).headers.get("strict-transport-security")).toBeNull();
    delete process.env.AUTH_URL;
    expect(isServedOverHttps({ forwardedProto: "https", protocol: "http:" })).toBe(true);
    expect(isServedOverHttps({ forwardedProto: null, protocol: "http:" })).toBe(false);
  });
});

describe("the page CSP", () => {
  it("allows scripts only with this request's nonce, and no framing", () => {
    const res = proxy(request("http://localhost:3000/login"));
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy({ nonce: "n", isDev: false })).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy({ nonce: "n", isDev: true })).toContain("'unsafe-eval'");
  });
});

describe("the API in the proxy", () => {
  it("answers a malformed path with the JSON 400 and marks answers no-store", async () => {
    const bad = proxy(request("http://localhost:3000/api/tickets/%ff"));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      code: "bad_request",
      message: "The request path is not valid (malformed percent escape)",
    });
    expect(proxy(request("http://localhost:3000/api/tickets/stats")).headers.get("cache-control")).toBe("no-store");
  });
});

describe("API answers in the proxy (issue 25 item 11)", () => {
  it("carry no-store and the API CSP", () => {
    const res = proxy(request("http://127.0.0.1:3000/api/tickets"));
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("say no-transform on the large CSV downloads only, so Next does not gzip them (decision 250)", () => {
    for (const path of ["/api/tickets/export-all", "/api/tickets/voided/export", "/api/audit/export"])
      expect(proxy(request(`http://127.0.0.1:3000${path}?x=1`)).headers.get("cache-control")).toBe(
        "no-store, no-transform",
      );
    for (const path of ["/api/tickets", "/api/tickets/export-all/x", "/api/audit"])
      expect(proxy(request(`http://127.0.0.1:3000${path}`)).headers.get("cache-control")).toBe("no-store");
  });
});
