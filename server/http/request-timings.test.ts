import { beforeEach, describe, expect, it } from "vitest";
import { medianRequestDuration, recordRequestDuration, resetRequestTimings } from "./request-timings";

const T0 = Date.parse("2026-11-23T10:00:00Z");
const minutes = (m: number) => T0 + m * 60_000;

beforeEach(() => resetRequestTimings());

describe("request timings", () => {
  it("has no median before any request", () => {
    expect(medianRequestDuration(T0)).toEqual({ medianMs: null, samples: 0 });
  });

  it("gives the median within 2% from the per-minute histograms", () => {
    for (const ms of [5, 7, 9, 12, 400]) recordRequestDuration(ms, minutes(0));
    for (const ms of [8, 10, 11, 13]) recordRequestDuration(ms, minutes(30));
    const { medianMs, samples } = medianRequestDuration(minutes(30));
    expect(samples).toBe(9);
    expect(medianMs).toBeGreaterThanOrEqual(9.8);
    expect(medianMs).toBeLessThanOrEqual(10.2);
  });

  it("forgets requests older than an hour, also when their slot is reused", () => {
    recordRequestDuration(1000, minutes(0));
    recordRequestDuration(1000, minutes(1));
    recordRequestDuration(20, minutes(59));
    expect(medianRequestDuration(minutes(59)).samples).toBe(3);
    expect(medianRequestDuration(minutes(60)).samples).toBe(2); // minute 0 is now more than an hour ago
    recordRequestDuration(20, minutes(61)); // reuses minute 1's slot
    const later = medianRequestDuration(minutes(61));
    expect(later.samples).toBe(2);
    expect(later.medianMs).toBeCloseTo(20, 0);
  });

  it("takes tiny and huge durations without breaking", () => {
    recordRequestDuration(0, T0);
    recordRequestDuration(-1, T0);
    recordRequestDuration(10_000_000, T0);
    expect(medianRequestDuration(T0).samples).toBe(3);
    expect(medianRequestDuration(T0).medianMs).toBeLessThan(0.2);
  });
});
