// Issue 25 item 11: the start script's own answers (405 for TRACE and other unserved methods,
// 400 for a malformed /api path) carry every security header; the rest goes on to Next.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerBeforeNext } from "@/lib/front-door.mjs";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import nextConfig from "@/next.config";

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (!answerBeforeNext(req, res)) res.writeHead(204, { "x-served-by": "next" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path });
    req.on("response", (r) => {
      let body = "";
      r.on("data", (d: Buffer) => (body += d.toString()));
      r.on("end", () => resolve({ status: r.statusCode!, headers: r.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const EVERY_ANSWER = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
};
const API_ANSWER = {
  ...EVERY_ANSWER,
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};

describe("the start script's front door", () => {
  it("answers TRACE (on the API or a page) with 405 and every header", async () => {
    for (const path of ["/api/tickets", "/login"]) {
      const res = await send("TRACE", path);
      expect(res.status).toBe(405);
      expect(res.headers).toMatchObject({ ...API_ANSWER, allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" });
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        code: "method_not_allowed",
        message: "Method TRACE is not allowed",
      });
    }
  });

  it("answers a malformed /api path with the JSON 400 and every header", async () => {
    const res = await send("GET", "/api/tickets/%ff");
    expect(res.status).toBe(400);
    expect(res.headers).toMatchObject(API_ANSWER);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: "bad_request" });
  });

  it("passes everything else on to Next", async () => {
    expect((await send("GET", "/api/tickets")).headers["x-served-by"]).toBe("next");
    expect((await send("OPTIONS", "/login")).headers["x-served-by"]).toBe("next");
  });
});

describe("next.config.ts", () => {
  it("builds source maps for next dev only: a production build has none (decision 290)", () => {
    expect(nextConfig(PHASE_DEVELOPMENT_SERVER).experimental?.turbopackSourceMaps).toBe(true);
    expect(nextConfig(PHASE_PRODUCTION_BUILD).experimental?.turbopackSourceMaps).toBe(false);
  });

  it("put the base set on everything and no-store plus the API CSP on /api", async () => {
    const rules = await nextConfig(PHASE_PRODUCTION_SERVER).headers!();
    const all = rules.find((r) => r.source === "/:path*")!;
    const api = rules.find((r) => r.source === "/api/:path*")!;
    expect(Object.fromEntries(all.headers.map((h) => [h.key.toLowerCase(), h.value]))).toEqual(EVERY_ANSWER);
    expect(Object.fromEntries(api.headers.map((h) => [h.key.toLowerCase(), h.value]))).toEqual({
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    });
  });
});
