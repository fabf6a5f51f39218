import "server-only";

// The public verify page's own limiter (issue 22, docs/decisions/101; issue 40, decision 208): 30
// requests a minute per client address, counted in this process's memory so that a refused or forged
// token costs no database work at all (the API's limiter, server/http/rate-limit.ts, exchanges counts
// with a table every second). Per instance. The page and the JSON share the counters; refused tokens
// count.
//
// The overall count no longer refuses everyone: past VERIFY_BUSY_OVERALL requests in a minute the page
// is "busy", and then only an address that already checked VERIFY_LIGHT_PER_ADDRESS times this minute
// waits. A buyer scanning a code once or twice is answered; twenty guessers at 30 each fill the busy
// mark and are then the ones refused. VERIFY_CEILING_OVERALL is the instance's hard ceiling (a crowd
// of light addresses that large is refused in all, with a message that says so).

export const VERIFY_LIMIT_PER_ADDRESS = 30;
export const VERIFY_BUSY_OVERALL = 600;
export const VERIFY_LIGHT_PER_ADDRESS = 5;
export const VERIFY_CEILING_OVERALL = 6000;
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

/** What was limited: this address, this address while the page is busy, or the page as a whole. */
export type VerifyLimitReason = "address" | "busy" | "overall";
export type VerifyLimitResult =
  { allowed: true } | { allowed: false; reason: VerifyLimitReason; retryAfterSeconds: number };

/** The 429's sentence: it says what was limited and when to try again. */
export function verifyLimitMessage(reason: VerifyLimitReason, retryAfterSeconds: number): string {
  const again = `Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`;
  if (reason === "address")
    return `Too many checks from this address: the limit is ${VERIFY_LIMIT_PER_ADDRESS} a minute. ${again}`;
  if (reason === "busy")
    return (
      `The ticket check is busy: an address that already checked ${VERIFY_LIGHT_PER_ADDRESS} ` +
      `times this minute waits, so that every buyer gets an answer. ${again}`
    );
  return `The ticket check is answering too many checks from everyone (${VERIFY_CEILING_OVERALL} a minute). ${again}`;
}

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
  if (mine >= VERIFY_LIMIT_PER_ADDRESS) return { allowed: false, reason: "address", retryAfterSeconds };
  if (s.overall >= VERIFY_CEILING_OVERALL) return { allowed: false, reason: "overall", retryAfterSeconds };
  if (s.overall >= VERIFY_BUSY_OVERALL && mine >= VERIFY_LIGHT_PER_ADDRESS)
    return { allowed: false, reason: "busy", retryAfterSeconds };
  if (mine === 0 && s.perAddress.size >= MAX_ADDRESSES) return { allowed: false, reason: "overall", retryAfterSeconds };
  s.perAddress.set(key, mine + 1);
  s.overall++;
  return { allowed: true };
}

/** Tests: start over, and optionally set the clock. */
export function resetVerifyRateLimit(now?: () => number) {
  holder.__raffleVerifyLimit = { windowStart: 0, overall: 0, perAddress: new Map(), now: now ?? Date.now };
}
