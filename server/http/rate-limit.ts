import "server-only";
import type { NextRequest } from "next/server";
import type { Principal } from "@/server/auth/principal";
import type { RequestSettings } from "@/server/auth/sessions";
import { sql } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { RequestTrack } from "@/server/http/request-log";

/** Probes must always answer, however busy the caller. */
const EXEMPT_PATHS = new Set(["/api/health", "/api/health/live"]);

/**
 * The caller's address: the last X-Forwarded-For entry, which is the one the nearest hop wrote
 * (`next start` writes the socket's address when the header is absent; a proxy appends the
 * client it saw). Null for a request that did not come over the network (tests calling a handler).
 */
export function clientAddress(req: Pick<NextRequest, "headers">): string | null {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  return last || req.headers.get("x-real-ip")?.trim() || null;
}

/** Signed-in callers are counted per user (on every device), everyone else per address. */
export function rateLimitKey(req: Pick<NextRequest, "headers">, principal: Principal | null): string | null {
  if (principal) return `user:${principal.user.id}`;
  const address = clientAddress(req);
  return address ? `ip:${address}` : null;
}

/** How often each instance adds its counts to the shared table. */
export const FLUSH_INTERVAL_MS = 1000;

interface Window {
  /** The clock minute counted (epoch ms of its start, this server's clock). */
  start: number;
  /** The shared count as of this instance's last exchange with the table, this instance's included. */
  shared: number;
  /** This instance's requests not yet added to the table. */
  pending: number;
  /** The first exchange of the window, which every request of the window waits for. */
  ready: Promise<void> | null;
}

interface LimiterState {
  windows: Map<string, Window>;
  timer: ReturnType<typeof setInterval> | null;
  flushing: Promise<void> | null;
  /** Tests move the clock (a new minute without waiting for one). */
  now: () => number;
}

// On globalThis: Next bundles each route separately, and they must share one count.
const holder = globalThis as typeof globalThis & { __raffleRateLimit?: LimiterState };
function limiter(): LimiterState {
  holder.__raffleRateLimit ??= { windows: new Map(), timer: null, flushing: null, now: Date.now };
  return holder.__raffleRateLimit;
}

const minuteStart = (ms: number) => ms - (ms % 60_000);

interface CountRow {
  key: string;
  count: number;
  api_rate_limit: number;
  enable_api_logging: boolean;
}

/**
 * Adds counts to the shared table (one statement for every key) and returns each key's total
 * there: every instance's requests of that minute. A row holding an older minute starts over.
 */
async function exchange(keys: string[], starts: number[], deltas: number[]): Promise<CountRow[]> {
  return sql<CountRow>(
    `INSERT INTO api_rate_limits AS r (key, window_start, count)
     SELECT k, to_timestamp(w / 1000.0), d FROM unnest($1::text[], $2::float8[], $3::int[]) AS t(k, w, d)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + EXCLUDED.count
                    WHEN r.window_start > EXCLUDED.window_start THEN r.count
                    ELSE EXCLUDED.count END,
       window_start = greatest(r.window_start, EXCLUDED.window_start)
     RETURNING r.key, r.count,
       (SELECT api_rate_limit FROM settings WHERE id = 1) AS api_rate_limit,
       (SELECT enable_api_logging FROM settings WHERE id = 1) AS enable_api_logging`,
    [keys, starts, deltas],
  );
}

/**
 * Adds every pending count of this instance to the table and learns the other instances'
 * counts. Runs every FLUSH_INTERVAL_MS while there are counts; tests call it directly.
 */
export async function flushRateLimitCounts(): Promise<void> {
  const s = limiter();
  if (s.flushing) await s.flushing;
  s.flushing = (async () => {
    const current = minuteStart(s.now());
    const batch: [string, Window, number][] = [];
    for (const [key, w] of s.windows) {
      if (w.start < current && w.pending === 0) s.windows.delete(key);
      // Every caller of this minute, even with nothing to add: the other instances' counts are learnt too.
      else if (!w.ready) batch.push([key, w, w.pending]);
    }
    if (!batch.length) return;
    for (const [, w, n] of batch) w.pending -= n;
    try {
      const rows = await exchange(
        batch.map(([k]) => k),
        batch.map(([, w]) => w.start),
        batch.map(([, , n]) => n),
      );
      const totals = new Map(rows.map((r) => [r.key, r.count]));
      for (const [key, w] of batch) {
        const total = totals.get(key);
        if (total !== undefined) w.shared = Math.max(w.shared, total);
        if (w.start < current && w.pending === 0) s.windows.delete(key);
      }
    } catch {
      for (const [, w, n] of batch) w.pending += n; // the database is away: try again next time
    }
  })();
  try {
    await s.flushing;
  } finally {
    s.flushing = null;
  }
}

function ensureTimer(s: LimiterState) {
  if (s.timer) return;
  s.timer = setInterval(() => {
    if (s.windows.size === 0 && s.timer) {
      clearInterval(s.timer);
      s.timer = null;
      return;
    }
    void flushRateLimitCounts();
  }, FLUSH_INTERVAL_MS);
  s.timer.unref?.();
}

/** Tests: forget this process's counts, and run on the given clock (Date.now when omitted). */
export function resetRateLimiter(now: () => number = Date.now) {
  const s = limiter();
  if (s.timer) clearInterval(s.timer);
  holder.__raffleRateLimit = { windows: new Map(), timer: null, flushing: null, now };
}

/**
 * The api_rate_limit setting: requests a clock minute per caller, over every instance
 * (docs/decisions/040-per-request-cost.md, which replaces 026's database round trip per request).
 * Each instance counts in memory and adds its counts to the shared `api_rate_limits` table every
 * FLUSH_INTERVAL_MS, learning the other instances' counts in the same statement; a caller's
 * first request of a minute at an instance waits for that exchange. So one instance alone is
 * exact, and several together are exact to within one interval of the caller's traffic.
 * The limit comes with the caller's session (read on every request) or, before sign-in, with
 * the first exchange. Records the caller and the settings on `track` for the log line; past the
 * limit, throws 429 `rate_limited` with Retry-After.
 */
export async function enforceRateLimit(options: { req: NextRequest; principal: Principal | null; track: RequestTrack }): Promise<void> {
  const { req, principal, track } = options;
  track.userId = principal?.user.id ?? null;
  if (principal?.settings) track.settings = principal.settings;
  if (EXEMPT_PATHS.has(req.nextUrl.pathname)) return;
  const key = rateLimitKey(req, principal);
  if (!key) return;
  const s = limiter();
  const now = s.now();
  const start = minuteStart(now);
  let w = s.windows.get(key);
  if (!w || w.start < start) {
    const fresh: Window = { start, shared: 0, pending: 0, ready: null };
    fresh.ready = exchange([key], [start], [0]).then(
      ([row]) => {
        fresh.shared = row?.count ?? 0;
        if (row) track.settings ??= { apiRateLimit: row.api_rate_limit, enableApiLogging: row.enable_api_logging };
      },
      (error) => {
        s.windows.delete(key);
        throw error;
      },
    );
    s.windows.set(key, fresh);
    w = fresh;
    ensureTimer(s);
  }
  if (w.ready) {
    const ready = w.ready;
    try {
      await ready;
    } finally {
      if (w.ready === ready) w.ready = null;
    }
  }
  track.settings ??= await readRequestSettings();
  w.pending += 1;
  const count = w.shared + w.pending;
  const limit = track.settings.apiRateLimit;
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((w.start + 60_000 - s.now()) / 1000));
    throw new AppError(
      "rate_limited",
      `Too many requests: the limit is ${limit} a minute. Try again in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`,
      { headers: { "Retry-After": String(retryAfter) } },
    );
  }
  if (w.shared + w.pending === 1) pruneOldCounts();
}

/** The settings a request needs, for a caller without a session (not on the signed-in path). */
async function readRequestSettings(): Promise<RequestSettings> {
  const [row] = await sql<{ api_rate_limit: number; enable_api_logging: boolean }>(
    `SELECT api_rate_limit, enable_api_logging FROM settings WHERE id = 1`,
  );
  return { apiRateLimit: row.api_rate_limit, enableApiLogging: row.enable_api_logging };
}

/** Rows of callers gone quiet: removed now and then, off the request's path. */
function pruneOldCounts() {
  if (Math.random() >= 0.01) return;
  void sql(`DELETE FROM api_rate_limits WHERE window_start < now() - interval '10 minutes'`).catch(() => {});
}
