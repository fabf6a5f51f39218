// Issue 28 against the production build (scripts/start.mjs on `next build`'s output): the worker
// of a heavy job resolves from Turbopack's chunks, streams its output with backpressure and its
// SHA-256, shows its progress through GET /api/jobs/{id}, refuses a second job of a kind limited
// to one with 429 + Retry-After, and stops when the client disconnects.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { selfTestBytes } from "../server/jobs/kinds/self-test-bytes";
import { expect, test } from "./fixtures";

/** The signed-in administrator's cookies, for Node's fetch (which streams and can be aborted). */
function adminHeaders(stateFile: string, origin: string) {
  const state = JSON.parse(readFileSync(stateFile, "utf8")) as { cookies: { name: string; value: string }[] };
  return {
    cookie: state.cookies.map((c) => `${c.name}=${c.value}`).join("; "),
    origin,
    "content-type": "application/json",
  };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

test.describe("heavy jobs on the production server", () => {
  // FIXME (closing note, issue 28): on the production build the job's row reads "succeeded" at the
  // first progress look even with 50 ms between pieces: progress is not seen while streaming. Left
  // open, not hidden: the integration suite still covers progress, limits and the 429.
  test("a worker streams 6 MB with its digest and progress; a second job of the kind waits its turn", async ({
    app,
    authStates,
  }) => {
    const headers = adminHeaders(authStates.admin, app.url);
    const bytes = 6 * 1024 * 1024;
    // 96 pieces 50 ms apart: the job is still running when it is looked at. (Backpressure alone
    // cannot hold it: loopback TCP buffers here take up to 32 MB, more than the self-test's cap.)
    const res = await fetch(`${app.url}/api/jobs/self-test`, {
      method: "POST",
      headers,
      body: JSON.stringify({ bytes, chunkBytes: 65_536, delayMs: 50 }),
    });
    // Not `await res.clone().text()` for the message: that waited for the whole body before the
    // first look at the job, which then always read "succeeded" (why this test was once a fixme).
    expect(res.status).toBe(200);
    const id = res.headers.get("x-job-id")!;
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [(await reader.read()).value!];

    // While it streams, the job says how far it got.
    await expect
      .poll(
        async () => (await (await fetch(`${app.url}/api/jobs/${id}`, { headers })).json()).job.progress.bytesWritten,
        { timeout: 5000 },
      )
      .toBeGreaterThan(0);
    const running = await (await fetch(`${app.url}/api/jobs/${id}`, { headers })).json();
    expect(running.job).toMatchObject({ id, kind: "self-test", state: "running", progress: { bytesTotal: bytes } });
    expect(running.job.progress.bytesWritten).toBeLessThan(bytes);

    const second = await fetch(`${app.url}/api/jobs/self-test`, {
      method: "POST",
      headers,
      body: JSON.stringify({ bytes: 10 }),
    });
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("5");
    expect((await second.json()).code).toBe("job_busy");

    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const body = Buffer.concat(chunks);
    expect(body.byteLength).toBe(bytes);
    expect(sha256(body)).toBe(sha256(selfTestBytes(0, bytes)));
    await expect
      .poll(async () => (await (await fetch(`${app.url}/api/jobs/${id}`, { headers })).json()).job, { timeout: 5000 })
      .toMatchObject({
        state: "succeeded",
        outputBytes: bytes,
        outputSha256: sha256(body),
        progress: { bytesWritten: bytes },
      });
  });

  test("a client that disconnects cancels the job and frees its slot", async ({ app, authStates }) => {
    const headers = adminHeaders(authStates.admin, app.url);
    const controller = new AbortController();
    const res = await fetch(`${app.url}/api/jobs/self-test`, {
      method: "POST",
      headers,
      body: JSON.stringify({ bytes: 1_000_000, chunkBytes: 1000, delayMs: 20 }),
      signal: controller.signal,
    });
    const id = res.headers.get("x-job-id")!;
    await res.body!.getReader().read();
    controller.abort();
    await expect
      .poll(async () => (await (await fetch(`${app.url}/api/jobs/${id}`, { headers })).json()).job, { timeout: 10_000 })
      .toMatchObject({ state: "cancelled", error: { code: "job_cancelled" } });
    const next = await fetch(`${app.url}/api/jobs/self-test`, {
      method: "POST",
      headers,
      body: JSON.stringify({ bytes: 1000 }),
    });
    expect(next.status).toBe(200);
    expect(sha256(new Uint8Array(await next.arrayBuffer()))).toBe(sha256(selfTestBytes(0, 1000)));
  });
});
