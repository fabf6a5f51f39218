// Issue 14 against the real production server (scripts/start.mjs, as `npm start` runs it):
// streamed endless bodies, slow headers, security headers, malformed /api paths, HOSTNAME,
// and Auth.js's URLs under AUTH_URL=http://127.0.0.1:PORT.
import http from "node:http";
import net from "node:net";
import { readFileSync } from "node:fs";
import { startAppServer } from "./app-server";
import { expect, test } from "./fixtures";

const MB = 1024 * 1024;

function rssBytes(pid: number) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match![1]) * 1024;
}

interface EndlessResult {
  status: number;
  connection?: string;
  body: string;
  ms: number;
  sentBytes: number;
}

/**
 * POSTs a body that never ends (chunked, 64 KiB at a time) until the server answers; at most 5 s.
 * The server answers 413 and closes while the body is still coming: on a loaded machine the close
 * can reach the client as EPIPE or ECONNRESET before its answer is parsed. That is the refusal
 * itself, so the request is made again (up to five times) to read the answer; any other error fails.
 */
async function postEndless(baseUrl: string, path: string, contentType = "application/json"): Promise<EndlessResult> {
  // Up to five tries: under load (CI, e2e beside the build's other stages) two in a row met the close first.
  for (let attempt = 1; ; attempt++) {
    try {
      return await postEndlessOnce(baseUrl, path, contentType);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== "EPIPE" && code !== "ECONNRESET") || attempt === 5) throw error;
    }
  }
}

function postEndlessOnce(baseUrl: string, path: string, contentType: string): Promise<EndlessResult> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sentBytes = 0;
    let answered = false;
    const req = http.request(new URL(path, baseUrl), { method: "POST", headers: { "content-type": contentType } });
    const pump = () => {
      while (!answered && Date.now() - started < 5_000) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) reject(new Error(`no answer after 5 s (${sentBytes} bytes sent)`));
    };
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, body, ms: Date.now() - started, sentBytes });
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    pump();
  });
}

/**
 * POSTs a body that declares `bytes` in Content-Length and sends it as fast as the server takes it,
 * until the server answers (then stops); the time is from the headers to the answer.
 */
function postSized(baseUrl: string, path: string, bytes: number): Promise<EndlessResult> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sentBytes = 0;
    let answered = false;
    const req = http.request(new URL(path, baseUrl), {
      method: "POST",
      headers: { "content-type": "text/csv", "content-length": String(bytes) },
    });
    req.flushHeaders();
    const started = Date.now();
    const pump = () => {
      while (!answered && sentBytes < bytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    req.on("response", (res) => {
      answered = true;
      const ms = Date.now() - started;
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, connection: res.headers.connection, body, ms, sentBytes });
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    pump();
  });
}

test.describe("request limits on the real server", () => {
  test("endless streamed bodies are refused at once with 413, and memory stays flat", async ({ app }) => {
    // Warm up the routes (their code loads on first use), then measure.
    await postEndless(app.url, "/api/auth/google-signin");
    await postEndless(app.url, "/api/auth/callback/google", "application/x-www-form-urlencoded");
    const before = rssBytes(app.pid);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => postEndless(app.url, "/api/auth/google-signin")),
      postEndless(app.url, "/api/auth/callback/google", "application/x-www-form-urlencoded"),
    ]);
    const growth = rssBytes(app.pid) - before;
    for (const result of results) {
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ success: false, code: "payload_too_large" });
      expect(result.ms, "answered within 1 s").toBeLessThan(1_000);
    }
    expect(JSON.parse(results[0].body).message).toBe("Request body is too large: the limit is 1 MB");
    expect(JSON.parse(results[4].body).message).toBe("Request body is too large: the limit is 64 KB");
    expect(growth, `RSS grew ${(growth / MB).toFixed(1)} MB`).toBeLessThan(20 * MB);
  });

  test(
    "30 anonymous 24 MB imports at once: each 401 within 1 s, unread, and RSS grows by less than " +
      "64 MB (issue 25 item 1)",
    async ({ app }) => {
      // One batch first: the route's code loads, and the server grows to serving 30 requests at once
      // (its own buffers, pooled connections), which has nothing to do with the bodies. The second
      // batch measures what the bodies cost.
      await Promise.all(Array.from({ length: 30 }, () => postSized(app.url, "/api/tickets/import", 24 * MB)));
      const before = rssBytes(app.pid);
      const results = await Promise.all(
        Array.from({ length: 30 }, () => postSized(app.url, "/api/tickets/import", 24 * MB)),
      );
      const growth = rssBytes(app.pid) - before;
      for (const result of results) {
        expect(result.status).toBe(401);
        expect(JSON.parse(result.body)).toMatchObject({ success: false, code: "unauthorized" });
        expect(result.ms, "answered within 1 s of the headers").toBeLessThan(1_000);
        // The connection closes after the answer instead of reading the rest (decision 134).
        expect(result.connection).toBe("close");
      }
      expect(growth, `RSS grew ${(growth / MB).toFixed(1)} MB`).toBeLessThan(64 * MB);
    },
  );

  test("a request whose headers never finish is closed with 408 within the 10 s headers timeout", async ({ app }) => {
    const { port } = new URL(app.url);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () =>
        socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "),
      );
      let received = "";
      socket.on("data", (d) => (received += d.toString()));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
      setTimeout(() => {
        socket.destroy();
        reject(new Error("the connection was still open after 15 s"));
      }, 15_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
  test("an idle keep-alive connection stays open past Node's 5 s and serves its next request", async ({ app }) => {
    // Node's default keepAliveTimeout (5 s) closed idle sockets while clients (Playwright's API
    // contexts, a load balancer) sent their next request on them: ECONNRESET under load.
    const { port } = new URL(app.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: net.Socket }>((resolve, reject) => {
        const req = http.get({ host: "127.0.0.1", port: Number(port), path: "/api/health", agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, socket: req.socket! }));
        });
        req.on("error", reject);
      });
    try {
      const first = await get();
      await new Promise((r) => setTimeout(r, 6_500));
      expect(first.socket.destroyed, "the server closed the idle connection").toBe(false);
      const second = await get();
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});

test.describe("security headers", () => {
  const STATIC = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
  };

  test("a page carries a nonce CSP that frames nothing, and the static headers", async ({ request }) => {
    const res = await request.get("/login");
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers).toMatchObject(STATIC);
    const csp = headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // Every script Next rendered carries this request's nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // Plain http here (AUTH_URL is http://127.0.0.1): no HSTS.
    expect(headers["strict-transport-security"]).toBeUndefined();
    // A fresh nonce per request.
    const again = (await request.get("/login")).headers()["content-security-policy"];
    expect(again).not.toBe(csp);
  });

  test("an authenticated API answer and error answers are no-store with the static headers", async ({
    adminApi,
    request,
  }) => {
    const ok = await adminApi.get("/api/tickets/stats");
    expect(ok.status()).toBe(200);
    expect(ok.headers()).toMatchObject({ ...STATIC, "cache-control": "no-store" });

    const unauthorized = await request.get("/api/tickets/stats");
    expect(unauthorized.status()).toBe(401);
    expect(unauthorized.headers()).toMatchObject({ ...STATIC, "cache-control": "no-store" });

    const tooLarge = await request.post("/api/auth/google-signin", { data: { idToken: "x".repeat(2 * MB) } });
    expect(tooLarge.status()).toBe(413);
    expect(tooLarge.headers()).toMatchObject({ ...STATIC, "cache-control": "no-store" });
  });
});

test.describe("every /api answer is JSON in the one error shape", () => {
  const cases: Array<[method: string, path: string, status: number, code: string]> = [
    ["GET", "/api/tickets/%ff", 400, "bad_request"],
    ["GET", "/api/tickets/%", 400, "bad_request"],
    ["GET", "/api/auth/profile/%ff", 400, "bad_request"],
    ["PUT", "/api/tickets/register/%ff", 400, "bad_request"],
    ["DELETE", "/api/tickets/%ff", 400, "bad_request"],
    ["GET", "/api/auth/profile/%2e%2e", 400, "bad_request"],
    ["GET", "/api/tickets/..", 400, "bad_request"],
    ["POST", "/api/tickets/generate/", 400, "bad_request"],
    ["GET", "/api/no-such-route/stats", 404, "not_found"],
    ["POST", "/api/no/such/route", 404, "not_found"],
  ];

  for (const [method, path, status, code] of cases) {
    test(`${method} ${path} → ${status} ${code}`, async ({ app }) => {
      // Raw HTTP: a browser or fetch would resolve the dot segments before sending.
      const { port } = new URL(app.url);
      const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          const req = http.request({
            host: "127.0.0.1",
            port,
            method,
            path,
            headers: method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" },
          });
          req.on("response", (r) => {
            let body = "";
            r.on("data", (d: Buffer) => (body += d.toString()));
            r.on("end", () => resolve({ status: r.statusCode!, headers: r.headers, body }));
          });
          req.on("error", reject);
          req.end(method === "PUT" || method === "POST" ? JSON.stringify({ buyerName: "X" }) : undefined);
        },
      );
      expect(res.status).toBe(status);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers.location).toBeUndefined();
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({ success: false, code });
      expect(typeof body.message).toBe("string");
    });
  }
});

test.describe("sign-in URLs follow AUTH_URL", () => {
  test("the providers list and the sign-in redirect name 127.0.0.1, not localhost", async ({ request, app }) => {
    const providers = await (await request.get("/api/auth/providers")).json();
    expect(providers.google.callbackUrl).toBe(`${app.url}/api/auth/callback/google`);
    expect(providers.google.signinUrl).toBe(`${app.url}/api/auth/signin/google`);
    const signin = await request.get("/api/auth/signin", { maxRedirects: 0 });
    expect(decodeURIComponent(signin.headers().location ?? "")).not.toContain("localhost");
  });
});

test.describe("HOSTNAME", () => {
  test("npm start listens only on the address HOSTNAME names", async ({}, testInfo) => {
    // 50 + the worker: no other server of the run uses E2E_PORT + 50..59 (closeout's own is on + 80, which
    // this once shared with the first worker: its 127.0.0.1 would have answered the check below).
    const port = Number(process.env.E2E_PORT ?? 3100) + 50 + testInfo.parallelIndex;
    const server = await startAppServer({ port, host: "127.0.0.2", env: { AUTH_DEV_LOGIN: "false" } });
    try {
      const reach = (host: string) =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, host, () => {
            socket.destroy();
            resolve(true);
          });
          socket.on("error", () => resolve(false));
        });
      expect(await reach("127.0.0.2")).toBe(true);
      expect(await reach("127.0.0.1")).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
