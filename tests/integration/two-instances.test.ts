// @module-tag sql
// Issue 12: a setting changed through one instance applies on the next request at every other
// instance sharing the PostgreSQL database, because nothing caches settings in a process, and
// the rate limit's count is shared (to within a second's traffic). Two real app processes
// (tests/helpers/app-instance.ts) on this file's database. PostgreSQL only: the embedded engine serves one process.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { waitForFreshMinute } from "@/tests/helpers/clock";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff, createSignedInUser } from "@/tests/helpers/factories";

interface Instance {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function startInstance(): Promise<Instance> {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const child: ChildProcess = spawn(tsx, ["--conditions=react-server", "tests/helpers/app-instance.ts"], {
    env: { ...process.env, PORT: "0", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${output}`)), 60_000);
    const check = () => {
      const m = /listening (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => reject(new Error(`instance exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}

let a: Instance;
let b: Instance;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let staff: Awaited<ReturnType<typeof createSignedInUser>>;

async function call(instance: Instance, method: string, route: string, token: string, body?: unknown) {
  const res = await fetch(`${instance.url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const putSettings = async (instance: Instance, body: Record<string, unknown>) => {
  const res = await call(instance, "PUT", "/api/settings", admin.token, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};

/** The request log lines an instance has written so far, parsed. */
const logLines = (instance: Instance) =>
  instance
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { route: string; status: number });

async function waitFor(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("two app instances on one PostgreSQL", () => {
  beforeAll(async () => {
    [a, b] = await Promise.all([startInstance(), startInstance()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });
  beforeEach(async () => {
    await resetDb();
    ({ admin, staff } = await createAdminAndStaff());
  });

  it("both see a price change at once: the next ticket on the other instance has the new price", async () => {
    await putSettings(a, { ticket_price: 77.25, site_name: "Changed on A" });
    const [onA, onB] = await Promise.all([
      call(a, "GET", "/api/settings", staff.token),
      call(b, "GET", "/api/settings", staff.token),
    ]);
    expect(onA.json.settings).toMatchObject({ ticket_price: 77.25, site_name: "Changed on A" });
    expect(onB.json.settings).toMatchObject({ ticket_price: 77.25, site_name: "Changed on A" });
    const ticket = await call(b, "POST", "/api/tickets/generate", staff.token, {
      buyer_name: "Juan Dela Cruz",
      payment_method: "cash",
    });
    expect(ticket.status).toBe(201);
    expect(ticket.json.ticket.amount).toBe(77.25);
  });

  it("a shorter session_timeout set on one instance ends an idle session on the other", async () => {
    await db().authSession.update({
      where: { id: staff.sessionId },
      data: { lastSeenAt: new Date(Date.now() - 20 * 60_000) },
    });
    await putSettings(a, { session_timeout: 15 });
    expect((await call(b, "GET", "/api/auth/profile", staff.token)).status).toBe(401);
  });

  it("the rate limit set on one instance applies on the other, and the count is shared", async () => {
    await putSettings(b, { api_rate_limit: 10 });
    // Ten requests, 2.5 s, two more: about 3 s on this 2-core machine; 15 s leaves room to spare.
    await waitForFreshMinute(15);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await call(i % 2 ? a : b, "GET", "/api/auth/profile", staff.token)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    // Each instance adds its count to the shared one and learns the other's every second
    // (docs/decisions/040-per-request-cost.md): two exchanges later, both know all 10.
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await call(a, "GET", "/api/auth/profile", staff.token)).status).toBe(429);
    expect((await call(b, "GET", "/api/auth/profile", staff.token)).status).toBe(429);
  });

  it("API logging turned off on one instance stops the other's log lines from its next request", async () => {
    // Earlier tests logged profile calls on B too: wait for this call's own line (written asynchronously).
    const profileLines = () => logLines(b).filter((l) => l.route === "/api/auth/profile").length;
    const earlier = profileLines();
    await call(b, "GET", "/api/auth/profile", staff.token);
    await waitFor(() => profileLines() > earlier, "B's line for its first request");
    const before = logLines(b).length;

    await putSettings(a, { enable_api_logging: false });
    await call(b, "GET", "/api/auth/profile", staff.token);
    await putSettings(a, { enable_api_logging: true });
    await call(b, "GET", "/api/settings", staff.token);
    await waitFor(
      () =>
        logLines(b)
          .slice(before)
          .some((l) => l.route === "/api/settings"),
      "B's line once logging is back on",
    );
    expect(
      logLines(b)
        .slice(before)
        .map((l) => l.route),
    ).toEqual(["/api/settings"]);
  });
});
