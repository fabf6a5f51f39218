// Request bodies are refused past the route's limit as they arrive, before any database work.
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as googleSignInRoute } from "@/app/api/auth/google-signin/route";
import { POST as generateRoute } from "@/app/api/tickets/generate/route";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { createCookieUser } from "@/tests/helpers/auth";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { TEST_ORIGIN } from "@/tests/helpers/http";

const MB = 1024 * 1024;

/** A body that never ends: 64 KiB chunks for as long as someone reads. Counts what was pulled. */
function endlessBody() {
  const state = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, TEST_ORIGIN), {
    method: "POST",
    headers: { "content-type": "application/json", host: "localhost:3000", ...headers },
    body,
    duplex: "half", // Node's fetch needs this for a streamed body
  } as ConstructorParameters<typeof NextRequest>[1]);
}

const noParams = { params: Promise.resolve({}) };

beforeEach(resetDb);

describe("request body limits", () => {
  it("refuses an endless anonymous body with 413 after reading at most the limit", async () => {
    const { stream, state } = endlessBody();
    const started = Date.now();
    const res = await googleSignInRoute(post("/api/auth/google-signin", stream), noParams);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      code: "payload_too_large",
      message: "Request body is too large: the limit is 1 MB",
    });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(1 * MB + 2 * 64 * 1024);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const { stream, state } = endlessBody();
    const res = await googleSignInRoute(
      post("/api/auth/google-signin", stream, { "content-length": String(600 * MB) }),
      noParams,
    );
    expect(res.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024); // at most the stream's own first read-ahead
  });

  it("refuses an oversize body from a signed-in user too, and creates nothing", async () => {
    const { token } = await createSignedInUser();
    const body = JSON.stringify({ buyer_name: "Big Body", address: "x".repeat(2 * MB) });
    const res = await generateRoute(
      post("/api/tickets/generate", body, { authorization: `Bearer ${token}` }),
      noParams,
    );
    expect(res.status).toBe(413);
  });

  it("still answers 401, not 400, to a stranger's malformed body under the limit", async () => {
    const res = await generateRoute(post("/api/tickets/generate", "{not json"), noParams);
    expect(res.status).toBe(401);
  });
});

/** A body that trickles in (1 byte every 50 ms, never ending): a read of it would never finish. */
function tricklingBody() {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state.pulled += 1;
      controller.enqueue(new Uint8Array([0x20]));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe("bodies are read only after the caller is known and allowed (issue 25 item 1)", () => {
  it("a stranger's 24 MB import is refused with 401 unread, within 1 s", async () => {
    const { stream, state } = endlessBody();
    const started = Date.now();
    const res = await importRoute(post("/api/tickets/import", stream, { "content-length": String(24 * MB) }), noParams);
    expect(res.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
    // Nothing was read but what the stream queues on its own before anyone asks.
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it("a slow anonymous body gets its 401 at once, not when the body ends", async () => {
    const { stream, state } = tricklingBody();
    const started = Date.now();
    const res = await importRoute(post("/api/tickets/import", stream), noParams);
    expect(res.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it(
    "a bad bearer token, a staff user on an admin route, and a " + "cross-origin cookie write are refused unread",
    async () => {
      const { user } = await createSignedInUser();
      void user;
      const staff = await createSignedInUser();
      const cookieAdmin = await createCookieUser({ isAdmin: true });
      const cases: [Record<string, string>, number, string][] = [
        [{ authorization: "Bearer " + "a".repeat(43) }, 401, "unauthorized"],
        [{ authorization: `Bearer ${staff.token}` }, 403, "forbidden"],
        [{ cookie: cookieAdmin.cookie, origin: "https://evil.example" }, 403, "bad_origin"],
      ];
      for (const [headers, status, code] of cases) {
        const { stream, state } = endlessBody();
        const res = await importRoute(post("/api/tickets/import", stream, headers), noParams);
        expect(res.status).toBe(status);
        expect((await res.json()).code).toBe(code);
        expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
      }
    },
  );

  it("an allowed caller's body is still read and bounded by the route's limit", async () => {
    const { token } = await createSignedInUser({ isAdmin: true });
    const { stream, state } = endlessBody();
    const res = await importRoute(post("/api/tickets/import", stream, { authorization: `Bearer ${token}` }), noParams);
    expect(res.status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeGreaterThan(24 * MB);
  });
});

describe("JSON bodies that do not parse (issue 25 item 7)", () => {
  const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

  it("a body nested deeper than 64 levels is 400 invalid_json, signed in or not, and logs nothing", async () => {
    const { token } = await createSignedInUser();
    for (const levels of [65, 100_000]) {
      const body = `{"buyer_name":"Deep","address":${deep(levels - 1)}}`;
      const signedIn = await generateRoute(
        post("/api/tickets/generate", body, { authorization: `Bearer ${token}` }),
        noParams,
      );
      expect(signedIn.status).toBe(400);
      expect(await signedIn.json()).toEqual({
        success: false,
        code: "invalid_json",
        message: "Request body is not valid JSON: it nests deeper than 64 levels",
      });
      const anonymous = await googleSignInRoute(post("/api/auth/google-signin", body), noParams);
      expect(anonymous.status).toBe(400);
      expect((await anonymous.json()).code).toBe("invalid_json");
    }
  });

  it("64 levels are parsed (and then validated); brackets inside strings do not count", async () => {
    const { token } = await createSignedInUser();
    const atLimit = `{"buyer_name":"Deep","address":${deep(63)}}`;
    const res = await generateRoute(
      post("/api/tickets/generate", atLimit, { authorization: `Bearer ${token}` }),
      noParams,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("validation_failed");
    const inString = JSON.stringify({ buyer_name: "Juan", address: "[".repeat(150) + '\\"' + "{".repeat(80) });
    const ok = await generateRoute(
      post("/api/tickets/generate", inString, { authorization: `Bearer ${token}` }),
      noParams,
    );
    expect(ok.status, JSON.stringify(await ok.json())).toBe(201);
  });

  it("a body that does not parse is 400 invalid_json", async () => {
    const { token } = await createSignedInUser();
    const res = await generateRoute(
      post("/api/tickets/generate", "{not json", { authorization: `Bearer ${token}` }),
      noParams,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: "invalid_json",
      message: "Request body is not valid JSON",
    });
    const anonymous = await googleSignInRoute(post("/api/auth/google-signin", "{not json"), noParams);
    expect((await anonymous.json()).code).toBe("invalid_json");
  });
});

describe("Auth.js's own routes", () => {
  it("refuse an endless POST body with 413 after at most 64 KB, before Auth.js reads it", async () => {
    const { POST: authPost } = await import("@/app/api/auth/[...nextauth]/route");
    const { stream, state } = endlessBody();
    const started = Date.now();
    const res = await authPost(
      post("/api/auth/signin/google", stream, { "content-type": "application/x-www-form-urlencoded" }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      code: "payload_too_large",
      message: "Request body is too large: the limit is 64 KB",
    });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024 + 2 * 64 * 1024);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("still serve a small form POST (CSRF check answers, not 413)", async () => {
    const { POST: authPost } = await import("@/app/api/auth/[...nextauth]/route");
    const res = await authPost(
      post("/api/auth/signout", "csrfToken=nope", { "content-type": "application/x-www-form-urlencoded" }),
    );
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});

describe("API answers carry no-store and a CSP that allows nothing (issue 25 item 11)", () => {
  it("on a success, a 401, a 413 and a 400", async () => {
    const { token } = await createSignedInUser();
    const answers = [
      await generateRoute(
        post("/api/tickets/generate", JSON.stringify({ buyer_name: "Juan" }), { authorization: `Bearer ${token}` }),
        noParams,
      ),
      await generateRoute(post("/api/tickets/generate", "{}"), noParams),
      await googleSignInRoute(post("/api/auth/google-signin", "x", { "content-length": String(2 * MB) }), noParams),
      await generateRoute(post("/api/tickets/generate", "{", { authorization: `Bearer ${token}` }), noParams),
    ];
    expect(answers.map((r) => r.status)).toEqual([201, 401, 413, 400]);
    for (const res of answers) {
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});
