// The browser's one way to call /api: JSON in and out, the dashboard API key when configured,
// the session cookie (same origin), and SPEC section 4's rule that a 401 sends the whole page to /login.

/** SPEC section 7: the shared client timeout. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

interface RequestOptions {
  method?: Method;
  body?: unknown;
  timeoutMs?: number;
  /** Aborts the request (a newer lookup replacing an older one); combined with the timeout. */
  signal?: AbortSignal;
  /** A 2xx answer with `success: false` is a result to show (register-multiple), not an error. */
  allowUnsuccessful?: boolean;
  /** A multipart body (file uploads) instead of JSON; the browser sets its Content-Type. */
  formData?: FormData;
  /** A file sent as it is (the CSV import streams it): its bytes and their Content-Type. */
  file?: { blob: Blob; contentType: string };
  /** Extra request headers (X-Job-Id). */
  headers?: Record<string, string>;
}

function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: "application/json" });
  if (hasBody) headers.set("Content-Type", "application/json");
  const apiKey = process.env.NEXT_PUBLIC_DASHBOARD_API_KEY;
  if (apiKey) headers.set("X-Dashboard-API-Key", apiKey);
  return headers;
}

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function requestSignal(options: RequestOptions): AbortSignal {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const headers = buildHeaders(hasBody);
  if (options.file) headers.set("Content-Type", options.file.contentType);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const res = await fetch(`/api${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.file?.blob ?? options.formData ?? (hasBody ? JSON.stringify(options.body) : undefined),
    credentials: "same-origin",
    cache: "no-store",
    signal: requestSignal(options),
  });
  const json = await readJson(res);
  if (res.status === 401 && typeof window !== "undefined") {
    // The session is gone (signed out, expired, disabled): a full page load so the server decides.
    window.location.assign("/login");
  }
  if (!res.ok || (json?.success === false && !options.allowUnsuccessful)) throw apiErrorOf(res, json);
  return json as T;
}

/** The ApiError for a refused call: the server's code and message (`{success: false, code, message}`). */
function apiErrorOf(res: Response, json: Record<string, unknown> | null): ApiError {
  const message =
    typeof json?.message === "string"
      ? json.message
      : typeof json?.error === "string"
        ? json.error
        : `Request failed (${res.status})`;
  const code = typeof json?.code === "string" ? json.code : "http_error";
  return new ApiError(res.status, code, message);
}

/** The file name a download's Content-Disposition gives, or `fallback`. */
export function fileNameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  bytes: number;
}

/**
 * A file download (CSV, PDF, ZIP, backup): the same key header, timeout, 401 rule and error
 * parsing as apiRequest, read as it streams (`onChunk` sees each piece, for a progress line), and
 * assembled into a Blob once the whole answer has arrived.
 */
export async function download(
  path: string,
  options: Pick<RequestOptions, "body" | "timeoutMs" | "signal" | "headers"> & {
    method?: "GET" | "POST";
    /** The Accept header (the file's type). */
    accept: string;
    /** The name to save under when the server gives none. */
    fallbackName: string;
    /** The Blob's type; the answer's Content-Type when absent. */
    type?: string;
    onChunk?: (chunk: Uint8Array, bytesSoFar: number) => void;
  },
): Promise<DownloadedFile> {
  const hasBody = options.body !== undefined;
  const headers = buildHeaders(hasBody);
  headers.set("Accept", options.accept);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const res = await fetch(`/api${path}`, {
    method: options.method ?? "GET",
    headers,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    credentials: "same-origin",
    cache: "no-store",
    signal: requestSignal(options),
  });
  if (res.status === 401 && typeof window !== "undefined") window.location.assign("/login");
  if (!res.ok || !res.body) throw apiErrorOf(res, await readJson(res));
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    bytes += value.byteLength;
    options.onChunk?.(value, bytes);
  }
  const type = options.type ?? res.headers.get("content-type") ?? "";
  return { blob: new Blob(chunks, { type }), fileName: fileNameOf(res, options.fallbackName), bytes };
}

/**
 * A call whose answer is not JSON (a file download): the same headers, timeout and 401 rule as
 * apiRequest, and the Response as it came, for the caller to read.
 */
export async function apiFetch(
  path: string,
  options: Pick<RequestOptions, "timeoutMs" | "signal"> & { method?: "GET" | "POST" } = {},
): Promise<Response> {
  const res = await fetch(`/api${path}`, {
    method: options.method ?? "GET",
    headers: buildHeaders(false),
    credentials: "same-origin",
    cache: "no-store",
    signal: requestSignal(options),
  });
  if (res.status === 401 && typeof window !== "undefined") window.location.assign("/login");
  return res;
}

/** The message to show for a failed call: the server's own text when it sent one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (isAbortError(error)) return "The request was cancelled";
  if (error instanceof DOMException && error.name === "TimeoutError") return "The server did not answer in time";
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** True for a request cancelled by its caller (not a timeout). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
