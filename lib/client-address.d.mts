export declare const CLIENT_ADDRESS_HEADER: string;
export declare const CLIENT_ADDRESS_ENV: string;
export interface TrustedRange {
  bits: string;
  width: number;
}
type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;
export declare function normalizeAddress(value: unknown): string | null;
export declare function parseTrustedProxies(text: string | undefined | null): TrustedRange[];
export declare function isTrustedProxy(address: string | null, trusted: TrustedRange[]): boolean;
export declare function resolveClientAddress(options: {
  socketAddress: string | undefined | null;
  headers: HeaderSource;
  trusted: TrustedRange[];
}): string | null;
export declare function stampClientAddress(
  req: { socket?: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> },
  trusted: TrustedRange[],
): void;
export declare function addressKey(address: string): string;
