import "server-only";
import type { NextRequest } from "next/server";
import type { Principal } from "@/server/auth/principal";
import type { RequestSettings } from "@/server/auth/sessions";
import { sql } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { RequestTrack } from "@/server/http/request-log";
import {
  CLIENT_ADDRESS_ENV,
  CLIENT_ADDRESS_HEADER,
  addressKey,
  normalizeAddress,
  parseTrustedProxies,
  resolveClientAddress,
  type TrustedRange,
} from "@/lib/client-address.mjs";

/** Probes must always answer, however busy the caller. */
const EXEMPT_PATHS = new Set(["/api/health", "/api/health/live"]);

const trustedCache = { text: undefined as string | undefined, ranges: [] as TrustedRange[] };
function trustedProxies(): TrustedRange[] {
  const text = process.env.TRUSTED_PROXIES ?? "";
  if (trustedCache.text !== text) {
    trustedCache.ranges = parseTrustedProxies(text);
    trustedCache.text = text;
  }
  return trustedCache.ranges;
}

/**
 * The caller's address (lib/client-address.mjs, docs/decisions/061). Under `npm start` it is the
 * socket's, which scripts/start.mjs writes into a header of its own (replacing any copy the
 * client sent); forwarding headers count only when the socket is one of TRUSTED_PROXIES.
 * Elsewhere (`next dev`, `next start`, handlers called in-process) there is no socket to ask:
 * the nearest hop in X-Forwarded-For stands in for it (Next writes the socket there when the
 * header is absent). Null for a request with no address at all (tests calling a handler).
 */
export function clientAddress(req: Pick<NextRequest, "headers">): string | null {
  if (process.env[CLIENT_ADDRESS_ENV] === "1") return normalizeAddress(req.headers.get(CLIENT_ADDRESS_HEADER));
  const nearest =
    req.headers
      .get("x-forwarded-for")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .pop() ?? req.headers.get("x-real-ip");
  return resolveClientAddress({ socketAddress: nearest, headers: req.headers, trusted: trustedProxies() });
}

/** Signed-in callers are counted per user (on every device), everyone else per address (IPv6 per /64). */
export function rateLimitKey(req: Pick<NextRequest, "headers">, principal: Principal | null): string | null {
  if (principal) return `user:${principal.user.id}`;
  const address = clientAddress(req);
  return address ? `ip:${addressKey(address)}` : null;
}

/** How often each instance adds its counts to the shared table. */
export const FLUSH_INTERVAL_MS = 1000;

/** Rows of the shared table older than this are swept (the window looks one minute back). */
const SWEEP_AFTER = "2 minutes";
/** How often an instance sweeps, at most. */
const SWEEP_INTERVAL_MS = 10_000;
/**
 * The most pre-sign-in keys the table keeps: past it the ones idle longest go first, so churning
 * addresses cannot grow the table without bound (signed-in keys are bounded by the users table).
 */
export const MAX_ADDRESS_KEYS = 10_000;

interface Window {
  /** The clock minute counted (epoch ms of its start, this server's clock). */
  start: number;
  /** The shared count as of this instance's last exchange with the table, this instance's included. */
  shared: number;
  /** The previous minute's shared count, learnt with the window's first exchange. */
  previous: number;
  /** This instance's requests not yet added to the table. */
  pending: number;
  /**
   * This instance's requests being added by a flush in flight: counted until the exchange's answer
   * (which includes them) is in `shared`, or the 101st request during a slow flush slipped through.
   */
  inFlight: number;
  /** The first exchange of the window, which every request of the window waits for. */
  ready: Promise<void> | null;
}

interface LimiterState {
  windows: Map<string, Window>;
  timer: ReturnType<typeof setInterval> | null;
  flushing: Promise<void> | null;
  lastSweep: number;
  /** Tests move the clock (a new minute without waiting for one). */
  now: () => number;
}

// On globalThis: Next bundles each route separately, and they must share one count.
const holder = globalThis as typeof globalThis & { __raffleRateLimit?: LimiterState };
const freshState = (now: () => number): LimiterState => ({
  windows: new Map(),
  timer: null,
  flushing: null,
  lastSweep: now(),
  now,
});
function limiter(): LimiterState {
  holder.__raffleRateLimit ??= freshState(Date.now);
  return holder.__raffleRateLimit;
}

const minuteStart = (ms: number) => ms - (ms % 60_000);

interface CountRow {
  key: string;
  count: number;
  previous_count: number;
  api_rate_limit: number;
  enable_api_logging: boolean;
}

/**
 * Adds counts to the shared table (one statement for every key) and returns each key's total
 * there for the minute, and the minute before's. A row moving to the next minute keeps its count
 * as the previous one; a row idle longer starts over.
 */
async function exchange(keys: string[], starts: number[], deltas: number[]): Promise<CountRow[]> {
  return sql<CountRow>(
    `INSERT INTO api_rate_limits AS r (key, window_start, count, previous_count)
     SELECT k, to_timestamp(w / 1000.0), d, 0 FROM unnest($1::text[], $2::float8[], $3::int[]) AS t(k, w, d)
     ON CONFLICT (key) DO UPDATE SET
       previous_count = CASE WHEN r.window_start = EXCLUDED.window_start + interval '1 minute' THEN r.previous_count ` +
      `+ EXCLUDED.count
                             WHEN r.window_start >= EXCLUDED.window_start THEN r.previous_count
                             WHEN r.window_start = EXCLUDED.window_start - interval '1 minute' THEN r.count
                             ELSE 0 END,
       count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + EXCLUDED.count
                    WHEN r.window_start > EXCLUDED.window_start THEN r.count
                    ELSE EXCLUDED.count END,
       window_start = greatest(r.window_start, EXCLUDED.window_start)
     RETURNING r.key, r.count, r.previous_count,
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
    for (const [, w, n] of batch) {
      w.pending -= n;
      w.inFlight += n;
    }
    try {
      const rows = await exchange(
        batch.map(([k]) => k),
        batch.map(([, w]) => w.start),
        batch.map(([, , n]) => n),
      );
      const totals = new Map(rows.map((r) => [r.key, r.count]));
      for (const [key, w, n] of batch) {
        const total = totals.get(key);
        if (total !== undefined) w.shared = Math.max(w.shared, total);
        w.inFlight -= n;
        if (w.start < current && w.pending === 0) s.windows.delete(key);
      }
    } catch {
      // The database is away: try again next time.
      for (const [, w, n] of batch) {
        w.inFlight -= n;
        w.pending += n;
      }
    }
    if (s.now() - s.lastSweep >= SWEEP_INTERVAL_MS) {
      s.lastSweep = s.now();
      await sweepRateLimitTable().catch(() => {});
    }
  })();
  try {
    await s.flushing;
  } finally {
    s.flushing = null;
  }
}

/**
 * Keeps the shared table small: rows idle past the sliding window go, and past MAX_ADDRESS_KEYS
 * address rows the ones idle longest go too. Every few seconds per instance, off the requests'
 * path; tests call it directly.
 */
export async function sweepRateLimitTable(): Promise<void> {
  await sql(`DELETE FROM api_rate_limits WHERE window_start < now() - interval '${SWEEP_AFTER}'`);
  await sql(
    `DELETE FROM api_rate_limits WHERE key IN (
       SELECT key FROM api_rate_limits WHERE key LIKE 'ip:%' ORDER BY window_start DESC, count DESC OFFSET $1)`,
    [MAX_ADDRESS_KEYS],
  );
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
  holder.__raffleRateLimit = freshState(now);
}

/**
 * The sliding minute: the previous clock minute's count weighs by the part of it still inside
 * the last 60 seconds, plus this minute's count. So a burst straddling a minute boundary is
 * counted whole, where fixed minutes let twice the limit through.
 */
export function slidingCount(options: { previous: number; current: number; elapsedMs: number }) {
  const { previous, current, elapsedMs } = options;
  return previous * Math.max(0, 1 - elapsedMs / 60_000) + current;
}

/** Seconds until the sliding count of one more request is back within the limit. */
function secondsUntilAllowed(options: { previous: number; current: number; elapsedMs: number; limit: number }) {
  const { previous, current, elapsedMs, limit } = options;
  let waitMs: number;
  if (current + 1 > limit) {
    // This minute alone is over: wait for the next, and for this minute's weight to fall enough.
    const fraction = current > 0 ? Math.max(0, 1 - (limit - 1) / current) : 0;
    waitMs = 60_000 - elapsedMs + fraction * 60_000;
  } else {
    const fraction = previous > 0 ? 1 - (limit - current - 1) / previous : 0;
    waitMs = fraction * 60_000 - elapsedMs;
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * The api_rate_limit setting: requests per sliding minute per caller, over every instance
 * (docs/decisions/040-per-request-cost.md for the counting, 061 for the window and the address).
 * Each instance counts in memory and adds its counts to the shared `api_rate_limits` table every
 * FLUSH_INTERVAL_MS, learning the other instances' counts in the same statement; a caller's
 * first request of a minute at an instance waits for that exchange, which also brings the
 * previous minute's count. So one instance alone is exact, and several together are exact to
 * within one interval of the caller's traffic. The limit comes with the caller's session (read
 * on every request) or, before sign-in, with the first exchange. Records the caller and the
 * settings on `track` for the log line; past the limit, throws 429 `rate_limited` with Retry-After.
 */
export async function enforceRateLimit(options: {
  req: NextRequest;
  principal: Principal | null;
  track: RequestTrack;
}): Promise<void> {
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
    const fresh: Window = { start, shared: 0, previous: 0, pending: 0, inFlight: 0, ready: null };
    // The minute just ended at this instance: its requests not yet in the table go there first,
    // so the new minute's first exchange reads them as the previous minute's count.
    const ended = w && w.start === start - 60_000 ? w : null;
    const carried = ended?.pending ?? 0;
    // All this instance knows of the ended minute, taken now: a flush in flight carries part of it
    // (`inFlight`), and if this minute's first exchange reaches the table first, the flush's answer
    // is the new minute's row and never adds them to `shared`.
    const endedKnown = ended ? ended.shared + ended.inFlight + carried : 0;
    if (ended) ended.pending = 0;
    fresh.ready = (async () => {
      if (ended && carried > 0) await exchange([key], [ended.start], [carried]);
      const [row] = await exchange([key], [start], [0]);
      fresh.shared = row?.count ?? 0;
      fresh.previous = Math.max(row?.previous_count ?? 0, endedKnown, ended?.shared ?? 0);
      if (row) track.settings ??= { apiRateLimit: row.api_rate_limit, enableApiLogging: row.enable_api_logging };
    })().catch((error: unknown) => {
      s.windows.delete(key);
      throw error;
    });
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
  const limit = track.settings.apiRateLimit;
  const elapsedMs = s.now() - w.start;
  const current = w.shared + w.inFlight + w.pending;
  w.pending += 1;
  if (slidingCount({ previous: w.previous, current: current + 1, elapsedMs }) > limit) {
    const retryAfter = secondsUntilAllowed({ previous: w.previous, current, elapsedMs, limit });
    throw new AppError(
      "rate_limited",
      `Too many requests: the limit is ${limit} a minute. Try again ` +
        `in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`,
      { headers: { "Retry-After": String(retryAfter) } },
    );
  }
}

/** The settings a request needs, for a caller without a session (not on the signed-in path). */
async function readRequestSettings(): Promise<RequestSettings> {
  const [row] = await sql<{ api_rate_limit: number; enable_api_logging: boolean }>(
    `SELECT api_rate_limit, enable_api_logging FROM settings WHERE id = 1`,
  );
  return { apiRateLimit: row.api_rate_limit, enableApiLogging: row.enable_api_logging };
}
