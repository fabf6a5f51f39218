import "server-only";

// How long this server takes to handle API requests, for the Analytics screen's "median API
// response time over the last hour" (docs/decisions/021-api-response-time.md). Every request adds
// its duration to a per-minute histogram in process memory: 60 minute slots of log-spaced buckets
// 2% wide from 0.1 ms up, so recording is one logarithm and one increment (no allocation, no I/O)
// and the median is exact to within 1%. Each instance measures the requests it serves.

const MINUTES = 60;
const BUCKETS = 700;
const SMALLEST_MS = 0.1;
const GROWTH = 1.02;
const LOG_GROWTH = Math.log(GROWTH);

interface TimingState {
  /** The epoch minute each slot currently holds. */
  minuteOf: Float64Array;
  counts: Uint32Array;
  totals: Uint32Array;
}

// On globalThis: Next bundles each route separately, and they must share one histogram.
const holder = globalThis as typeof globalThis & { __raffleRequestTimings?: TimingState };

function state(): TimingState {
  holder.__raffleRequestTimings ??= {
    minuteOf: new Float64Array(MINUTES).fill(-1),
    counts: new Uint32Array(MINUTES * BUCKETS),
    totals: new Uint32Array(MINUTES),
  };
  return holder.__raffleRequestTimings;
}

function bucketOf(ms: number): number {
  if (!(ms > SMALLEST_MS)) return 0;
  return Math.min(BUCKETS - 1, Math.floor(Math.log(ms / SMALLEST_MS) / LOG_GROWTH));
}

/** The middle of a bucket (geometric), in ms. */
function bucketValue(bucket: number): number {
  return SMALLEST_MS * GROWTH ** (bucket + 0.5);
}

/** Records one request's handling time; `at` (epoch ms) is for tests. */
export function recordRequestDuration(ms: number, at: number = Date.now()): void {
  const s = state();
  const minute = Math.floor(at / 60_000);
  const slot = minute % MINUTES;
  if (s.minuteOf[slot] !== minute) {
    s.minuteOf[slot] = minute;
    s.counts.fill(0, slot * BUCKETS, (slot + 1) * BUCKETS);
    s.totals[slot] = 0;
  }
  s.counts[slot * BUCKETS + bucketOf(ms)] += 1;
  s.totals[slot] += 1;
}

/** The median handling time of the requests of the last 60 minutes (this one included), rounded to 0.1 ms. */
export function medianRequestDuration(at: number = Date.now()): { medianMs: number | null; samples: number } {
  const s = state();
  const current = Math.floor(at / 60_000);
  const live: number[] = [];
  let samples = 0;
  for (let slot = 0; slot < MINUTES; slot++) {
    const minute = s.minuteOf[slot];
    if (minute > current - MINUTES && minute <= current && s.totals[slot] > 0) {
      live.push(slot);
      samples += s.totals[slot];
    }
  }
  if (samples === 0) return { medianMs: null, samples: 0 };
  const half = Math.ceil(samples / 2);
  let seen = 0;
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    for (const slot of live) seen += s.counts[slot * BUCKETS + bucket];
    if (seen >= half) return { medianMs: Math.round(bucketValue(bucket) * 10) / 10, samples };
  }
  return { medianMs: null, samples };
}

/** Forgets everything (tests). */
export function resetRequestTimings(): void {
  holder.__raffleRequestTimings = undefined;
}
