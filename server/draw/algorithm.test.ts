// raffle-draw-v1 (docs/draw.md): golden vectors shared by the server and scripts/verify-draw.mjs,
// the properties a re-checker relies on, and uniformity.
import { describe, expect, it } from "vitest";
import * as browser from "@/scripts/draw-check-browser.mjs";
import * as script from "@/scripts/verify-draw.mjs";
import {
  commitHash,
  deriveSeed,
  drawSequence,
  poolHash,
  positionPlan,
  sortPool,
  uniformFrom,
} from "@/server/draw/algorithm";
import golden from "@/server/draw/golden-vectors.json";

const cn = (n: number) => `B2K-123-${String(n).padStart(5, "0")}`;
const seedFor = (pool: string[], outsideValue: string, serverSeed = Buffer.alloc(32, 7), drawId = "d") =>
  deriveSeed({ serverSeed, drawId, poolHash: poolHash(pool), outsideValue });

describe("golden vectors", () => {
  it.each(golden.vectors.map((v) => [v.name, v] as const))("%s: the server's implementation", (_name, v) => {
    const serverSeed = Buffer.from(v.serverSeed, "hex");
    expect(poolHash(v.pool)).toBe(v.expect.poolHash);
    expect(commitHash(serverSeed)).toBe(v.expect.commitHash);
    const seed = deriveSeed({
      serverSeed,
      drawId: v.drawId,
      poolHash: v.expect.poolHash,
      outsideValue: v.outsideValue,
    });
    expect(seed.toString("hex")).toBe(v.expect.seed);
    expect(drawSequence(v.pool, seed, v.count)).toEqual(v.expect.sequence);
  });

  it.each(golden.vectors.map((v) => [v.name, v] as const))("%s: verify-draw.mjs", (_name, v) => {
    expect(script.poolHashOf(v.pool)).toBe(v.expect.poolHash);
    expect(script.commitOf(v.serverSeed)).toBe(v.expect.commitHash);
    expect(script.seedOf(v.serverSeed, v.drawId, v.expect.poolHash, v.outsideValue)).toBe(v.expect.seed);
    expect(script.sequenceOf(v.pool, v.expect.seed, v.count)).toEqual(v.expect.sequence);
  });
});

describe("properties", () => {
  const pool = Array.from({ length: 50 }, (_, i) => cn(i + 1));

  it("is a prefix of a permutation of the pool: distinct, all from the pool, the whole pool when asked for all", () => {
    for (let t = 0; t < 50; t++) {
      const seed = seedFor(pool, `dice:${t}`);
      const all = drawSequence(pool, seed, pool.length);
      expect([...all].sort()).toEqual(pool);
      expect(drawSequence(pool, seed, 100)).toEqual(all);
    }
  });

  it("drawing 10 then 30 keeps the first 10", () => {
    for (let t = 0; t < 50; t++) {
      const seed = seedFor(pool, `pcso:6/58:2026-12-15:${t}`);
      expect(drawSequence(pool, seed, 30).slice(0, 10)).toEqual(drawSequence(pool, seed, 10));
    }
  });

  it("every ticket is reachable at the first position", () => {
    const small = pool.slice(0, 12);
    const seen = new Set<string>();
    for (let t = 0; t < 2000 && seen.size < small.length; t++)
      seen.add(drawSequence(small, seedFor(small, `dice:${t}`), 1)[0]);
    expect(seen.size).toBe(small.length);
  });

  it("the outside value, the draw id and the server seed each change the result", () => {
    const base = drawSequence(pool, seedFor(pool, "dice:1"), 10);
    expect(drawSequence(pool, seedFor(pool, "dice:2"), 10)).not.toEqual(base);
    expect(drawSequence(pool, seedFor(pool, "dice:1", Buffer.alloc(32, 8)), 10)).not.toEqual(base);
    expect(drawSequence(pool, seedFor(pool, "dice:1", undefined, "e"), 10)).not.toEqual(base);
  });

  it("rejection sampling skips a word at or above the largest multiple of n", () => {
    const words = [2n ** 64n - 1n, 2n ** 64n - 2n, 7n];
    const uniform = uniformFrom(() => words.shift()!);
    // n = 3: 2^64 mod 3 = 1, so the bound is 2^64 - 1; 2^64 - 1 is rejected, 2^64 - 2 is accepted.
    expect(uniform(3)).toBe(Number((2n ** 64n - 2n) % 3n));
    expect(words).toEqual([7n]);
  });

  it("sorts the pool in ascending byte order and hashes it with a final newline", () => {
    expect(sortPool(["b", "B", "a-10", "a-2", "a-1"])).toEqual(["B", "a-1", "a-10", "a-2", "b"]);
    expect(script.poolHashOf(["A", "B"])).toBe(poolHash(["A", "B"]));
  });

  it("assigns positions prize by prize, winner then backups, capped at the pool", () => {
    expect(
      positionPlan(
        [
          { rank: 2, backups: 1 },
          { rank: 1, backups: 2 },
        ],
        10,
      ),
    ).toEqual([
      { position: 1, prizeRank: 1, role: "winner" },
      { position: 2, prizeRank: 1, role: "backup" },
      { position: 3, prizeRank: 1, role: "backup" },
      { position: 4, prizeRank: 2, role: "winner" },
      { position: 5, prizeRank: 2, role: "backup" },
    ]);
    expect(positionPlan([{ rank: 1, backups: 3 }], 2)).toHaveLength(2);
  });
});

describe("uniformity", () => {
  it("a 10-ticket pool over 20,000 outside values: the first pick passes a chi-square test (9 df, p = 0.001)", () => {
    const pool = Array.from({ length: 10 }, (_, i) => cn(i + 1));
    const counts = new Map(pool.map((c) => [c, 0]));
    const serverSeed = Buffer.alloc(32, 42);
    const ph = poolHash(pool);
    const trials = 20_000;
    for (let t = 0; t < trials; t++) {
      const seed = deriveSeed({ serverSeed, drawId: "chi", poolHash: ph, outsideValue: `dice:${t}` });
      const first = drawSequence(pool, seed, 1)[0];
      counts.set(first, counts.get(first)! + 1);
    }
    const expected = trials / pool.length;
    const chi2 = [...counts.values()].reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88);
  }, 60_000);
});

describe("golden vectors in the browser check (scripts/draw-check-browser.mjs, WebCrypto)", () => {
  it.each(golden.vectors.map((v) => [v.name, v] as const))("%s", async (_name, v) => {
    const subtle = globalThis.crypto.subtle;
    expect(await browser.poolHashOf(subtle, v.pool)).toBe(v.expect.poolHash);
    expect(await browser.commitOf(subtle, v.serverSeed)).toBe(v.expect.commitHash);
    expect(await browser.seedOf(subtle, v.serverSeed, v.drawId, v.expect.poolHash, v.outsideValue)).toBe(v.expect.seed);
    expect(await browser.sequenceOf(subtle, v.pool, v.expect.seed, v.count)).toEqual(v.expect.sequence);
  });

  it("orders by unsigned UTF-8 bytes, as the pool is sorted", () => {
    expect(browser.compareBytes("B2K-1", "B2K-2")).toBe(-1);
    expect(browser.compareBytes("Z", "a")).toBe(-1);
    expect(browser.compareBytes("é", "z")).toBe(1);
    expect(browser.compareBytes("ab", "a")).toBe(1);
  });
});
