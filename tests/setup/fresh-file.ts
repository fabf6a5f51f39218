// docs/decisions/281: integration files share their worker process (`isolate: false`) instead of
// each starting a process of its own and importing Next, Prisma, pg and PGlite again; what a
// file could leave behind for the next is put back here, before each file:
// - the app's modules are evaluated afresh (vi.resetModules: their caches, timers' handles and
//   counters start empty; packages from node_modules stay loaded, which is the time saved);
// - the app's process-wide state kept on globalThis (`__raffle…`: the database client, the rate
//   limiter, the job counts, …) is dropped;
// - process.env is what it was before the first file (a file that sets a variable and does not
//   restore it leaks nothing).
import { vi } from "vitest";

const slot = globalThis as typeof globalThis & { __testEnvAtStart?: Record<string, string | undefined> };
slot.__testEnvAtStart ??= { ...process.env };
const atStart = slot.__testEnvAtStart;
for (const key of Object.keys(process.env)) if (!(key in atStart)) delete process.env[key];
Object.assign(process.env, atStart);

// The previous file's rate limiter flushes its counts every second until none is left, through
// that file's modules, whose cached settings name that file's database: on PostgreSQL the client
// they reach for would replace (and close) this file's. Its counts belong to a finished file.
const limiter = (globalThis as { __raffleRateLimit?: { timer: ReturnType<typeof setInterval> | null } })
  .__raffleRateLimit;
if (limiter?.timer) clearInterval(limiter.timer);

for (const key of Object.keys(globalThis)) {
  if (key.startsWith("__raffle")) delete (globalThis as Record<string, unknown>)[key];
}

vi.resetModules();
