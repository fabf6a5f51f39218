import "server-only";
import { NextRequest, NextResponse } from "next/server";
import { AppError } from "@/server/http/errors";
import { readBodyBytes } from "@/server/http/read-body";

/** Auth.js's own POSTs (sign-in form, CSRF token, sign-out) are a few hundred bytes. */
export const AUTH_FORM_LIMIT_BYTES = 64 * 1024;

type Handler = (req: NextRequest) => Promise<Response>;

/**
 * For route handlers that are not ours (Auth.js's) and read their body whole with
 * `req.formData()`: the body is read first, as it arrives, and refused with the API's 413 as
 * soon as it passes the limit; the handler then gets a copy of the bytes read.
 */
export function withBodyLimit(handler: Handler, limitBytes: number): Handler {
  return async (req) => {
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = (await readBodyBytes(req, limitBytes)) as Uint8Array<ArrayBuffer>;
    } catch (error) {
      if (error instanceof AppError) return NextResponse.json(error.toBody(), { status: error.status });
      throw error;
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    return handler(
      new NextRequest(req.url, { method: req.method, headers: req.headers, body: hasBody ? body : undefined }),
    );
  };
}
