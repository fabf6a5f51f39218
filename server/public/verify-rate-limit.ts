import "server-only";

// The public verify page's own limiter (issue 22, docs/decisions/101): 30 requests a minute per
// client address and 600 a minute in all, counted in this process's memory so that a refused or
// forged token costs no database work at all (the API's limiter, server/http/rate-limit.ts,
// exchanges counts with a table every second). Per instance: behind N instances the overall
// ceiling is N × 600, which is what it protects (each instance's capacity). The page and the JSON
// share the counters; refused tokens count.

export const VERIFY_LIMIT_PER_ADDRESS = 30;
export const VERIFY_LIMIT_OVERALL = 600;
const WINDOW_MS = 60_000;
/** Addresses remembered at most (a flood of spoofed addresses cannot grow the map past it). */
const MAX_ADDRESSES = 50_000;

interface State {
  windowStart: number;
  overall: number;
  perAddress: Map<string, number>;
  now: () => number;
}

const holder = globalThis as typeof globalThis & { __raffleVerifyLimit?: State };
function state(): State {
  holder.__raffleVerifyLimit ??= { windowStart: 0, overall: 0, perAddress: new Map(), now: Date.now };
  return holder.__raffleVerifyLimit;
}

export type VerifyLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one request from `address` (null: not from the network, counted as one unknown address). */
export function takeVerifyRequest(address: string | null): VerifyLimitResult {
  const s = state();
  const now = s.now();
  const start = now - (now % WINDOW_MS);
  if (start !== s.windowStart) {
    s.windowStart = start;
    s.overall = 0;
    s.perAddress.clear();
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
  const key = address ?? "unknown";
  const mine = s.perAddress.get(key) ?? 0;
  if (mine >= VERIFY_LIMIT_PER_ADDRESS || s.overall >= VERIFY_LIMIT_OVERALL) return { allowed: false, retryAfterSeconds };
  if (mine === 0 && s.perAddress.size >= MAX_ADDRESSES) return { allowed: false, retryAfterSeconds };
  s.perAddress.set(key, mine + 1);
  s.overall++;
  return { allowed: true };
}

/** Tests: start over, and optionally set the clock. */
export function resetVerifyRateLimit(now?: () => number) {
  holder.__raffleVerifyLimit = { windowStart: 0, overall: 0, perAddress: new Map(), now: now ?? Date.now };
}
