// Request bodies are refused past the route's limit as they arrive, before any database work.
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as googleSignInRoute } from "@/app/api/auth/google-signin/route";
import { POST as generateRoute } from "@/app/api/tickets/generate/route";
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
    expect(await res.json()).toEqual({ success: false, code: "payload_too_large", message: "Request body is too large: the limit is 1 MB" });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(1 * MB + 2 * 64 * 1024);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const { stream, state } = endlessBody();
    const res = await googleSignInRoute(post("/api/auth/google-signin", stream, { "content-length": String(600 * MB) }), noParams);
    expect(res.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024); // at most the stream's own first read-ahead
  });

  it("refuses an oversize body from a signed-in user too, and creates nothing", async () => {
    const { token } = await createSignedInUser();
    const body = JSON.stringify({ buyer_name: "Big Body", address: "x".repeat(2 * MB) });
    const res = await generateRoute(post("/api/tickets/generate", body, { authorization: `Bearer ${token}` }), noParams);
    expect(res.status).toBe(413);
  });

  it("still answers 401, not 400, to a stranger's malformed body under the limit", async () => {
    const res = await generateRoute(post("/api/tickets/generate", "{not json"), noParams);
    expect(res.status).toBe(401);
  });
});

describe("Auth.js's own routes", () => {
  it("refuse an endless POST body with 413 after at most 64 KB, before Auth.js reads it", async () => {
    const { POST: authPost } = await import("@/app/api/auth/[...nextauth]/route");
    const { stream, state } = endlessBody();
    const started = Date.now();
    const res = await authPost(post("/api/auth/signin/google", stream, { "content-type": "application/x-www-form-urlencoded" }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, code: "payload_too_large", message: "Request body is too large: the limit is 64 KB" });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024 + 2 * 64 * 1024);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("still serve a small form POST (CSRF check answers, not 413)", async () => {
    const { POST: authPost } = await import("@/app/api/auth/[...nextauth]/route");
    const res = await authPost(post("/api/auth/signout", "csrfToken=nope", { "content-type": "application/x-www-form-urlencoded" }));
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});
