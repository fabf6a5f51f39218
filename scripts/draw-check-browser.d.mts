// Types for scripts/draw-check-browser.mjs (the public proof page's in-browser re-check).
type Subtle = SubtleCrypto;
export declare const ALGORITHM: "raffle-draw-v1";
export declare function parsePoolCsv(text: string): string[];
export declare function compareBytes(a: string, b: string): number;
export declare function poolHashOf(subtle: Subtle, pool: string[]): Promise<string>;
export declare function commitOf(subtle: Subtle, serverSeedHex: string): Promise<string>;
export declare function seedOf(
  subtle: Subtle,
  serverSeedHex: string,
  drawId: string,
  poolHash: string,
  outsideValue: string,
): Promise<string>;
export declare function sequenceOf(subtle: Subtle, pool: string[], seedHex: string, count: number): Promise<string[]>;
export declare function canonicalJson(value: unknown): string;
export declare function checkDraw(
  subtle: Subtle,
  certificate: unknown,
  pool: string[],
): Promise<{ name: string; ok: boolean | null; detail: string }[]>;
