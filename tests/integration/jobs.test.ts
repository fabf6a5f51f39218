// Issue 28: the one worker mechanism for heavy jobs (server/jobs/). Real worker threads, real
// database rows: output streamed with backpressure and its SHA-256, progress in the jobs row
// that any instance reads, the per-instance limit per kind (429 + Retry-After), the time and
// memory limits, failures, cancellation, input and items with backpressure, and the row's
// one-way state held by the database.
import { createHash, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { NextRequest } from "next/server";
import { describe, expect, it, vi, onTestFinished } from "vitest";
import { GET as getJobRoute } from "@/app/api/jobs/[id]/route";
import { POST as selfTestRoute } from "@/app/api/jobs/self-test/route";
import { db, sql } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { selfTestBytes } from "@/server/jobs/kinds/self-test-bytes";
import { runningJobCount, startJob } from "@/server/jobs/start-job";
import { createSignedInUser, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { principalOf } from "@/tests/helpers/principal";
import { probeJob } from "@/tests/jobs/probe-job";

const users = freshAdminAndStaff();

/** POST /api/jobs/self-test as the route is called by Next, the answer left unread. */
async function startSelfTestRequest(
  body: object,
  options: { token?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
) {
  const headers = new Headers({
    "content-type": "application/json",
    host: "localhost:3000",
    authorization: `Bearer ${options.token ?? users.admin.token}`,
    ...options.headers,
  });
  const req = new NextRequest("http://localhost:3000/api/jobs/self-test", {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    signal: options.signal,
  });
  return selfTestRoute(req, { params: Promise.resolve({}) });
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readJob(id: string, token = users.admin.token) {
  return callRoute(getJobRoute, { path: `/api/jobs/${id}`, params: { id }, token });
}

/** Polls GET /api/jobs/{id} until the job has left "running". */
async function finishedJob(id: string) {
  for (let i = 0; i < 100; i++) {
    const { json } = await readJob(id);
    if (json.job?.state !== "running") return json.job;
    await sleep(50);
  }
  throw new Error(`job ${id} still running`);
}

async function settle<T>(promise: Promise<T>) {
  return promise.then(
    (value) => ({ value, error: null as AppError | null }),
    (error: AppError) => ({ value: null, error }),
  );
}

describe("streamed output", () => {
  it("streams the worker's bytes as the answer; the jobs row gets their size, SHA-256 and the progress", async () => {
    const res = await startSelfTestRequest({ bytes: 3_000_000, chunkBytes: 10_000 });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    const id = res.headers.get("x-job-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const body = new Uint8Array(await res.arrayBuffer());
    const expected = selfTestBytes(0, 3_000_000);
    expect(body.byteLength).toBe(3_000_000);
    expect(sha256(body)).toBe(sha256(expected));

    const job = await finishedJob(id);
    expect(job).toMatchObject({
      id,
      kind: "self-test",
      state: "succeeded",
      progress: { bytesWritten: 3_000_000, bytesTotal: 3_000_000 },
      result: { bytes: 3_000_000 },
      error: null,
      outputBytes: 3_000_000,
      outputSha256: sha256(expected),
    });
    expect(Date.parse(job.finishedAt)).toBeGreaterThanOrEqual(Date.parse(job.startedAt));
    expect(runningJobCount("self-test")).toBe(0);
  });

  it("holds no more than the window: a reader that stops keeps the worker waiting", async () => {
    const res = await startSelfTestRequest({ bytes: 8 * 1024 * 1024, chunkBytes: 64 * 1024 });
    const id = res.headers.get("x-job-id")!;
    const reader = res.body!.getReader();
    const first = await reader.read();
    // Progress reaches the row within a second: long enough for a worker that did not wait to finish.
    await sleep(1600);
    const { json } = await readJob(id);
    expect(json.job.state).toBe("running");
    const written = json.job.progress.bytesWritten as number;
    expect(written).toBeLessThanOrEqual(first.value!.byteLength + 1024 * 1024 + 2 * 64 * 1024);
    const chunks = [first.value!];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(selfTestBytes(0, 8 * 1024 * 1024)));
    expect((await finishedJob(id)).state).toBe("succeeded");
  });

  it("a client-named job keeps its id; a taken or malformed id and a bad body are refused", async () => {
    const id = randomUUID();
    const ok = await startSelfTestRequest({ bytes: 10 }, { headers: { "x-job-id": id } });
    expect(ok.headers.get("x-job-id")).toBe(id);
    await ok.arrayBuffer();
    const again = await startSelfTestRequest({ bytes: 10 }, { headers: { "x-job-id": id } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      success: false,
      code: "conflict",
      message: "A job with this id already exists",
    });
    const bad = await startSelfTestRequest({ bytes: 10 }, { headers: { "x-job-id": "not-a-uuid" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("The job id must be a UUID");
    const invalid = await startSelfTestRequest({ bytes: -1 });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe("bytes must be a whole number from 0 to 16,777,216");
  });
});

describe("limits", () => {
  it(
    "a second job of a kind limited to one gets 429 with " + "Retry-After, and a slot frees when the first ends",
    async () => {
      const first = await startSelfTestRequest({ bytes: 100_000, chunkBytes: 1000, delayMs: 50 });
      expect(first.status).toBe(200);
      const second = await startSelfTestRequest({ bytes: 10 });
      expect(second.status).toBe(429);
      expect(second.headers.get("retry-after")).toBe("5");
      expect(await second.json()).toEqual({
        success: false,
        code: "job_busy",
        message: "Another self-test is running on this server; try again in 5 seconds",
      });
      await first.body!.cancel();
      await vi.waitFor(() => expect(runningJobCount("self-test")).toBe(0));
      const third = await startSelfTestRequest({ bytes: 10 });
      expect(third.status).toBe(200);
      expect(new Uint8Array(await third.arrayBuffer())).toEqual(selfTestBytes(0, 10));
    },
  );

  it("stops a job past its time limit, even one that never yields, with a clear error", async () => {
    const usual = probeJob.timeLimitMs;
    probeJob.timeLimitMs = 3000;
    onTestFinished(() => {
      probeJob.timeLimitMs = usual;
    });
    const run = await startJob(probeJob, { principal: principalOf(users.staff), input: { mode: "spin" } });
    const { error } = await settle(run.result);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "job_timeout",
      status: 504,
      message: "The probe job took longer than 3 seconds and was stopped",
    });
    const outcome = await run.finished;
    expect(outcome.state).toBe("failed");
    const [row] = await sql<{ state: string; error_code: string; error: string }>(
      `SELECT state, error_code, error FROM jobs WHERE id = $1`,
      [run.id],
    );
    expect(row).toEqual({
      state: "failed",
      error_code: "job_timeout",
      error: "The probe job took longer than 3 seconds and was stopped",
    });
    expect(runningJobCount("test.probe")).toBe(0);
    expect((run as unknown as { worker: { threadId: number } }).worker.threadId).toBe(-1);
  });

  it.each(["allocate", "allocate-strings"] as const)(
    "stops a job past its memory limit (%s), and only the job",
    async (mode) => {
      const run = await startJob(probeJob, { principal: principalOf(users.staff), input: { mode } });
      const { error } = await settle(run.result);
      expect(error).toMatchObject({
        code: "job_too_large",
        status: 413,
        message: "The probe job needed more than 48 MB of memory and was stopped",
      });
      expect((await run.finished).state).toBe("failed");
      expect(runningJobCount("test.probe")).toBe(0);
    },
  );
});

describe("priority", () => {
  it.skipIf(process.platform !== "linux")(
    "runs the worker thread at its kind's nice value, leaving the instance's own thread as it was",
    async () => {
      const before = (await import("node:os")).getPriority();
      const run = await startJob(probeJob, { principal: principalOf(users.staff), input: { mode: "niceness" } });
      // probeJob asks for 7; a machine that refuses it would answer the unchanged value (and warn).
      expect(await run.result).toEqual({ count: 7 });
      expect((await import("node:os")).getPriority()).toBe(before);
    },
  );
});

describe("failures", () => {
  it("a failure the job reports on purpose keeps its code and message", async () => {
    const run = await startJob(probeJob, { principal: principalOf(users.staff), input: { mode: "fail-known" } });
    const { error } = await settle(run.result);
    expect(error).toMatchObject({
      code: "unsupported_media_type",
      status: 415,
      message: "The file is not a GCash statement",
    });
    // The row is written as the job ends; `finished` settles once it is (the result may settle first).
    expect((await run.finished).state).toBe("failed");
    const { json } = await readJob(run.id, users.staff.token);
    expect(json.job).toMatchObject({
      state: "failed",
      error: { code: "unsupported_media_type", message: "The file is not a GCash statement" },
    });
  });

  it("anything else is logged and answered as a 500 naming the job; so is a worker that exits", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const run = await startJob(probeJob, { principal: principalOf(users.staff), input: { mode: "fail-unknown" } });
    const { error } = await settle(run.result);
    expect(error).toMatchObject({ code: "internal", status: 500, message: `The probe job failed (job ${run.id})` });
    expect(logged.mock.calls.flat().join(" ")).toContain("a bug in the job");
    const exited = await startJob(probeJob, { principal: principalOf(users.staff), input: { mode: "exit" } });
    expect((await settle(exited.result)).error).toMatchObject({
      code: "internal",
      message: `The probe job stopped unexpectedly (job ${exited.id}, exit code 3)`,
    });
    logged.mockRestore();
  });
});

describe("cancellation", () => {
  it("a reader that goes away cancels the job and stops its worker", async () => {
    const res = await startSelfTestRequest({ bytes: 1_000_000, chunkBytes: 1000, delayMs: 20 });
    const id = res.headers.get("x-job-id")!;
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const job = await finishedJob(id);
    expect(job).toMatchObject({
      state: "cancelled",
      error: { code: "job_cancelled", message: "The self-test was cancelled: the client went away" },
      outputSha256: null,
    });
    expect(runningJobCount("self-test")).toBe(0);
  });

  it("the request's abort signal cancels the job", async () => {
    const controller = new AbortController();
    const run = await startJob(probeJob, {
      principal: principalOf(users.staff),
      input: { mode: "sleep", ms: 2000 },
      signal: controller.signal,
    });
    controller.abort();
    expect((await settle(run.result)).error).toMatchObject({ code: "job_cancelled" });
    expect((await run.finished).state).toBe("cancelled");
    expect((run as unknown as { worker: { threadId: number } }).worker.threadId).toBe(-1);
  });
});

describe("input and items", () => {
  it("feeds input bytes only as fast as the job reads them", async () => {
    const total = 5 * 100_000;
    let pulled = 0;
    const input$ = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled === 5) return controller.close();
          controller.enqueue(selfTestBytes(pulled * 100_000, 100_000));
          pulled += 1;
        },
      },
      { highWaterMark: 0 },
    );
    const run = await startJob(probeJob, {
      principal: principalOf(users.staff),
      input: { mode: "echo-input" },
      input$,
    });
    expect(await run.result).toEqual({ bytes: total, sha256: sha256(selfTestBytes(0, total)) });
    expect((await run.finished).state).toBe("succeeded");
    const { json } = await readJob(run.id, users.staff.token);
    expect(json.job.progress).toEqual({ bytesRead: total });
  });

  it(
    "items: the worker waits while the instance deals with " + "them, and the job ends when they are dealt with",
    async () => {
      const run = await startJob(probeJob, {
        principal: principalOf(users.staff),
        input: { mode: "items", count: 20 },
        completion: "manual",
      });
      const channel = run.items as unknown as { emitted: number };
      let taken = 0;
      for await (const item of run.items) {
        taken += 1;
        expect(item).toEqual({ n: taken });
        await sleep(20);
        // Never more than the kind's window (4) sent ahead of what was taken.
        expect(channel.emitted - taken).toBeLessThanOrEqual(4);
        run.progress({ rowsWritten: taken });
      }
      expect(taken).toBe(20);
      expect(await run.result).toEqual({ count: 20 });
      // Manual completion: the row stays running until the caller's own work is done.
      const [before] = await sql<{ state: string }>(`SELECT state FROM jobs WHERE id = $1`, [run.id]);
      expect(before.state).toBe("running");
      run.complete({ imported: 20 });
      await run.finished;
      const { json } = await readJob(run.id, users.staff.token);
      expect(json.job).toMatchObject({
        state: "succeeded",
        result: { imported: 20 },
        progress: { emitted: 20, rowsWritten: 20 },
      });
    },
  );
});

describe("who sees a job", () => {
  it("the person who started it and administrators; anyone else gets the same 404 as for no job", async () => {
    const run = await startJob(probeJob, { principal: principalOf(users.staff), input: { mode: "sleep", ms: 10 } });
    await run.finished;
    expect((await readJob(run.id, users.staff.token)).status).toBe(200);
    expect((await readJob(run.id, users.admin.token)).status).toBe(200);
    const other = await createSignedInUser();
    const refused = await readJob(run.id, other.token);
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ success: false, code: "not_found", message: "Job not found" });
    expect((await readJob(randomUUID(), users.admin.token)).json).toEqual(refused.json);
    expect((await readJob("not-a-uuid", users.admin.token)).json).toEqual(refused.json);
    expect((await callRoute(getJobRoute, { path: `/api/jobs/${run.id}`, params: { id: run.id } })).status).toBe(401);
  });

  it("a job whose instance stopped writing its row is reported as failed", async () => {
    const id = randomUUID();
    await sql(
      `INSERT INTO jobs (id, kind, user_id, started_at, heartbeat_at) VALUES ($1, ` +
        `'test.probe', $2, now() - interval '2 minutes', now() - interval '1 minute')`,
      [id, users.staff.user.id],
    );
    const { json } = await readJob(id, users.staff.token);
    expect(json.job).toMatchObject({
      state: "failed",
      error: { code: "job_lost", message: "The server running this job stopped before it finished" },
    });
  });
});

describe("the jobs row in the database", { tags: ["sql"] }, () => {
  it("leaves running once, for good; the requester's deletion still works", async () => {
    const run = await startJob(probeJob, { principal: principalOf(users.staff), input: { mode: "sleep", ms: 10 } });
    await run.finished;
    await expect(sql(`UPDATE jobs SET state = 'failed', error = 'x' WHERE id = $1`, [run.id])).rejects.toThrow(
      /already finished/,
    );
    await expect(sql(`UPDATE jobs SET progress = '{"rowsRead": 1}' WHERE id = $1`, [run.id])).rejects.toThrow(
      /already finished/,
    );
    await expect(sql(`UPDATE jobs SET state = 'running', finished_at = NULL WHERE id = $1`, [run.id])).rejects.toThrow(
      /already finished/,
    );
    await expect(
      sql(`INSERT INTO jobs (id, kind, state, finished_at) VALUES ($1, 'x', 'paused', now())`, [randomUUID()]),
    ).rejects.toThrow(/jobs_state_check/);
    await expect(
      sql(`INSERT INTO jobs (id, kind, state) VALUES ($1, 'x', 'succeeded')`, [randomUUID()]),
    ).rejects.toThrow(/jobs_finished_check/);
    await db().user.delete({ where: { id: users.staff.user.id } });
    const [row] = await sql<{ user_id: string | null; state: string }>(
      `SELECT user_id, state FROM jobs WHERE id = $1`,
      [run.id],
    );
    expect(row).toEqual({ user_id: null, state: "succeeded" });
  });
});
