import "server-only";
import { createHash, createHmac } from "node:crypto";

// raffle-draw-v1, exactly as docs/draw.md writes it (docs/decisions/106-draw-algorithm.md). Pure:
// no database, no clock, no randomness of its own. scripts/verify-draw.mjs is a second, independent
// implementation; both are held to the golden vectors in server/draw/golden-vectors.json.

export const DRAW_ALGORITHM = "raffle-draw-v1";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();

/** SHA-256 of the control numbers joined by "\n" with a final "\n", lower-case hex. */
export function poolHash(pool: readonly string[]): string {
  const h = createHash("sha256");
  for (const cn of pool) h.update(cn + "\n");
  return h.digest("hex");
}

/** Ascending byte order (UTF-8), which for control numbers is ASCII order: what PostgreSQL's COLLATE "C" gives. */
export function sortPool(pool: readonly string[]): string[] {
  return [...pool].sort((a, b) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8")));
}

/** SHA-256("raffle-draw-v1/commit\n" + hex(serverSeed)), hex. */
export function commitHash(serverSeed: Uint8Array): string {
  return sha256(`${DRAW_ALGORITHM}/commit\n${Buffer.from(serverSeed).toString("hex")}`).toString("hex");
}

/** HMAC-SHA-256(key = serverSeed, "raffle-draw-v1/seed\n" + drawId + "\n" + poolHash + "\n" + outsideValue): 32 bytes.
 */
export function deriveSeed(options: {
  serverSeed: Uint8Array;
  drawId: string;
  poolHash: string;
  outsideValue: string;
}): Buffer {
  return createHmac("sha256", options.serverSeed)
    .update(`${DRAW_ALGORITHM}/seed\n${options.drawId}\n${options.poolHash}\n${options.outsideValue}`)
    .digest();
}

const TWO_64 = 1n << 64n;

/** The words SHA-256(seed ‖ u64be(i)) for i = 0, 1, …, four u64be words per block, in order. */
export function wordStream(seed: Uint8Array): () => bigint {
  let counter = 0n;
  let block: Buffer | null = null;
  let offset = 32;
  const prefix = Buffer.from(seed);
  return () => {
    if (offset === 32) {
      const index = Buffer.alloc(8);
      index.writeBigUInt64BE(counter);
      counter += 1n;
      block = sha256(Buffer.concat([prefix, index]));
      offset = 0;
    }
    const word = block!.readBigUInt64BE(offset);
    offset += 8;
    return word;
  };
}

/** A uniform integer in [0, n): rejection sampling, no modulo bias. */
export function uniformFrom(next: () => bigint) {
  return (n: number): number => {
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`uniform(${n})`);
    const big = BigInt(n);
    const limit = TWO_64 - (TWO_64 % big);
    for (;;) {
      const r = next();
      if (r < limit) return Number(r % big);
    }
  };
}

/**
 * The first `count` positions of a Fisher–Yates shuffle of `pool` driven by `seed` (capped at the
 * pool's size). Prefix-stable: the first k positions do not depend on `count` ≥ k.
 */
export function drawSequence(pool: readonly string[], seed: Uint8Array, count: number): string[] {
  const a = [...pool];
  const k = Math.min(count, a.length);
  const uniform = uniformFrom(wordStream(seed));
  const sequence: string[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + uniform(a.length - i);
    [a[i], a[j]] = [a[j], a[i]];
    sequence.push(a[i]);
  }
  return sequence;
}

export interface PrizeRun {
  rank: number;
  backups: number;
}

/** Positions (from 1) → prize rank and role: prize 1's winner then its backups, then prize 2's … capped at `poolCount`.
 */
export function positionPlan(prizes: readonly PrizeRun[], poolCount: number) {
  const plan: { position: number; prizeRank: number; role: "winner" | "backup" }[] = [];
  for (const prize of [...prizes].sort((a, b) => a.rank - b.rank)) {
    for (let i = 0; i <= prize.backups && plan.length < poolCount; i++) {
      plan.push({ position: plan.length + 1, prizeRank: prize.rank, role: i === 0 ? "winner" : "backup" });
    }
  }
  return plan;
}
