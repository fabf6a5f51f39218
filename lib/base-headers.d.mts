export interface HeaderEntry {
  key: string;
  value: string;
}
export declare const BASE_SECURITY_HEADERS: ReadonlyArray<HeaderEntry>;
export declare const API_CONTENT_SECURITY_POLICY: string;
export declare const API_ONLY_HEADERS: ReadonlyArray<HeaderEntry>;
export declare const SERVED_METHODS: ReadonlyArray<string>;
export declare function securityHeaderObject(options: { isApi: boolean }): Record<string, string>;
