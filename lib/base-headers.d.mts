export interface HeaderEntry {
  key: string;
  value: string;
}
export declare const BASE_SECURITY_HEADERS: ReadonlyArray<HeaderEntry>;
export declare const API_CONTENT_SECURITY_POLICY: string;
export declare const API_ONLY_HEADERS: ReadonlyArray<HeaderEntry>;
export declare const SERVED_METHODS: ReadonlyArray<string>;
export declare function securityHeaderObject(options: { isApi: boolean }): Record<string, string>;
export declare const UNCOMPRESSED_DOWNLOADS: ReadonlyArray<string>;
export declare const API_NO_STORE: string;
export declare const DOWNLOAD_NO_STORE: string;
export declare function apiCacheControl(pathname: string): string;
