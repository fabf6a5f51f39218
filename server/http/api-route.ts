import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { getPrincipal, type Principal } from "@/server/auth/principal";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { DEFAULT_BODY_LIMIT_BYTES, checkDeclaredLength, readBodyText } from "@/server/http/read-body";
import { finishRequest, trackRequest } from "@/server/http/request-log";
import { checkApiKey, checkOrigin } from "@/server/http/request-guards";

export type Access = "public" | "user" | "admin";

type RouteParams = Record<string, string | string[]>;

interface Options<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  access: Access;
  body?: B;
  query?: Q;
  /** Skip the X-Dashboard-API-Key check (health probes, Auth.js browser redirects). */
  skipApiKey?: boolean;
  /** Largest request body accepted (413 beyond it); 1 MB unless the route takes files or CSV. */
  bodyLimitBytes?: number;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<B, Q, P extends Access> {
  req: NextRequest;
  params: Record<string, string>;
  body: B;
  query: Q;
  principal: P extends "public" ? Principal | null : Principal;
  requestId: string;
}

/** Result of a handler: a Response as is, or a value sent as JSON 200. */
type HandlerResult = Response | object;

/** Turns zod issues into the `{path, message}` list of the error body. */
export function zodIssues(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

/** zod's own wording (the spec's messages never start like this): it does not say which field. */
const GENERIC_ZOD_MESSAGE = /^(Invalid input|Invalid option|Too small|Too big|Invalid string|Unrecognized key)/;

/** 400 with every issue; the message is the first issue's, naming its field when zod's wording does not. */
export function validationError(error: z.ZodError) {
  const issues = zodIssues(error);
  const first = issues[0];
  const message = !first ? "Invalid input" : first.path && GENERIC_ZOD_MESSAGE.test(first.message) ? `${first.path}: ${first.message}` : first.message;
  return new AppError("validation_failed", message, { issues });
}

/**
 * PostgreSQL text cannot hold NUL (U+0000). It is dropped from every string a request carries
 * (body, query, path) here, once, instead of failing with a 500 deep inside a query.
 */
const withoutNul = (s: string) => s.replace(/\0/g, "");

function parseJson(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text, (_key, value: unknown) => (typeof value === "string" ? withoutNul(value) : value));
  } catch {
    throw new AppError("bad_request", "Request body is not valid JSON");
  }
}

function errorResponse(error: unknown, requestId: string) {
  if (error instanceof AppError) {
    return NextResponse.json(error.toBody(), { status: error.status, headers: { "x-request-id": requestId, ...error.headers } });
  }
  // Unknown errors: log with the request id, never the request's credentials.
  console.error(`[${requestId}] unhandled error:`, error);
  return NextResponse.json(
    { success: false, code: "internal", message: `Internal server error (request ${requestId})` },
    { status: 500, headers: { "x-request-id": requestId } },
  );
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Wraps every /api route handler: API key, authentication (cookie or Bearer, one
 * principal), role, same-origin check for cookie-authenticated writes, zod parsing of
 * body and query, and the single error shape. Handlers only call one service.
 */
export function apiRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, A extends Access = Access>(
  options: Options<B, Q> & { access: A },
  handler: (ctx: RouteContext<Infer<B>, Infer<Q>, A>) => Promise<HandlerResult>,
) {
  return async (req: NextRequest, context: { params: Promise<RouteParams> }): Promise<Response> => {
    const requestId = randomUUID();
    const track = trackRequest(req, requestId);
    const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
    try {
      if (!options.skipApiKey) checkApiKey(req, env().DASHBOARD_API_KEY);
      // Before any database work: a declared oversize body is refused unread, and a JSON body
      // is read (never past the limit) before the caller is looked up. It is parsed after the
      // checks below, so a stranger's malformed body still answers 401.
      checkDeclaredLength(req, bodyLimit);
      const bodyText = options.body ? await readBodyText(req, bodyLimit) : undefined;
      const principal = options.access === "public" ? await getPrincipal(req).catch(() => null) : await getPrincipal(req);
      await enforceRateLimit({ req, principal, track });
      if (options.access !== "public") {
        if (!principal) throw new AppError("unauthorized", "Authentication required");
        if (options.access === "admin" && !principal.user.isAdmin) throw new AppError("forbidden", "Administrator access required");
      }
      if (principal?.via === "cookie" && MUTATING.has(req.method)) checkOrigin(req);

      const rawParams = (await context.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, withoutNul(Array.isArray(v) ? v.join("/") : v)]),
      );

      let body: unknown = undefined;
      if (options.body) {
        const parsed = options.body.safeParse(parseJson(bodyText ?? ""));
        if (!parsed.success) throw validationError(parsed.error);
        body = parsed.data;
      }
      let query: unknown = undefined;
      if (options.query) {
        const entries = [...req.nextUrl.searchParams].map(([k, v]) => [k, withoutNul(v)]);
        const parsed = options.query.safeParse(Object.fromEntries(entries));
        if (!parsed.success) throw validationError(parsed.error);
        query = parsed.data;
      }

      const result = await handler({
        req,
        params,
        body: body as Infer<B>,
        query: query as Infer<Q>,
        principal: principal as RouteContext<Infer<B>, Infer<Q>, A>["principal"],
        requestId,
      });
      return finishRequest(track, result instanceof Response ? result : NextResponse.json(result), context.params);
    } catch (error) {
      return finishRequest(track, errorResponse(error, requestId), context.params);
    }
  };
}

/** JSON with a status other than 200 (e.g. 201 Created). */
export function json(body: unknown, status: number) {
  return NextResponse.json(body, { status });
}
