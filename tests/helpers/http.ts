import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Path and query, e.g. "/api/tickets?limit=10". */
  path?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
}

export const TEST_ORIGIN = "http://localhost:3000";

/** Calls a route handler exactly as Next.js would, and returns status and parsed JSON. */
export async function callRoute<T = any>(handler: Handler, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  headers.set("host", "localhost:3000");
  const req = new NextRequest(new URL(options.path ?? "/api/test", TEST_ORIGIN), {
    method: options.method ?? "GET",
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let json: T;
  try {
    json = JSON.parse(text) as T;
  } catch {
    json = text as unknown as T;
  }
  return { status: res.status, json, headers: res.headers };
}
