// Types for scripts/verify-draw.mjs (a dependency-free script shipped to the public).
export declare const ALGORITHM: "raffle-draw-v1";
export declare function parsePoolCsv(text: string): string[];
export declare function poolHashOf(pool: string[]): string;
export declare function commitOf(serverSeedHex: string): string;
export declare function seedOf(serverSeedHex: string, drawId: string, poolHash: string, outsideValue: string): string;
export declare function sequenceOf(pool: string[], seedHex: string, count: number): string[];
export declare function canonicalJson(value: unknown): string;
export declare function keyFingerprintOf(publicKeyPem: string): string;
export declare function normalizeFingerprint(text: string): string | null;
export declare function checkDraw(
  certificate: unknown,
  pool: string[],
  options?: { expectedKey?: string | null },
): { name: string; ok: boolean; detail: string }[];
