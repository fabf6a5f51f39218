import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { API_CONTENT_SECURITY_POLICY } from "@/lib/base-headers.mjs";
import { getPrincipal, type Principal } from "@/server/auth/principal";
import { env } from "@/server/env";
import { cleanParam } from "@/server/http/clean-input";
import { RETRY_AFTER_SECONDS, appErrorForDatabaseFailure } from "@/server/http/db-errors";
import { AppError } from "@/server/http/errors";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { DEFAULT_BODY_LIMIT_BYTES, checkDeclaredLength, readBodyText } from "@/server/http/read-body";
import { parseJsonBody } from "@/server/http/json-body";
import { finishRequest, trackRequest } from "@/server/http/request-log";
import { checkApiKey, checkOrigin } from "@/server/http/request-guards";
import { recordRequestDuration } from "@/server/http/request-timings";
import { assertRaffleOpen, isRaffleWrite } from "@/server/http/raffle-writes";

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
  /**
   * Never touches the database (the liveness probe): no caller lookup, no rate limit, and the
   * log line follows the last logging setting this process saw. Only with access "public".
   */
  noDatabase?: boolean;
  /**
   * Runs when the body or query is invalid, before the 400 is sent: a route whose target refuses
   * every write (a voided ticket) throws that refusal instead, so it comes before any other check.
   */
  beforeValidationError?: (ctx: { params: Record<string, string> }) => Promise<void>;
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
  const message = !first
    ? "Invalid input"
    : first.path && GENERIC_ZOD_MESSAGE.test(first.message)
      ? `${first.path}: ${first.message}`
      : first.message;
  return new AppError("validation_failed", message, { issues });
}

function errorResponse(caught: unknown, requestId: string) {
  // A lost database is a 503, a user deleted mid-request a 401 (server/http/db-errors.ts).
  const error = appErrorForDatabaseFailure(caught) ?? caught;
  if (error instanceof AppError) {
    const headers: Record<string, string> = { "x-request-id": requestId, ...error.headers };
    if (error.code === "unavailable") headers["retry-after"] = String(RETRY_AFTER_SECONDS);
    return NextResponse.json(error.toBody(), { status: error.status, headers });
  }
  // Unknown errors: log with the request id, never the request's credentials.
  console.error(`[${requestId}] unhandled error:`, error);
  return NextResponse.json(
    { success: false, code: "internal", message: `Internal server error (request ${requestId})` },
    { status: 500, headers: { "x-request-id": requestId } },
  );
}

/**
 * API answers carry the caller's data: never kept by a browser or a shared cache; and they are
 * JSON or files, which need no sources and must not be framed (decision 063).
 */
function withNoStore(res: Response) {
  try {
    if (!res.headers.has("cache-control")) res.headers.set("cache-control", "no-store");
    if (!res.headers.has("content-security-policy"))
      res.headers.set("content-security-policy", API_CONTENT_SECURITY_POLICY);
  } catch {
    // Response.redirect() and fetched responses have immutable headers: left as they are.
  }
  return res;
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Wraps every /api route handler: API key, authentication (cookie or Bearer, one
 * principal), role, same-origin check for cookie-authenticated writes, zod parsing of
 * body and query, and the single error shape. Handlers only call one service.
 */
export function apiRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  A extends Access = Access,
>(
  options: Options<B, Q> & { access: A },
  handler: (ctx: RouteContext<Infer<B>, Infer<Q>, A>) => Promise<HandlerResult>,
) {
  return async (req: NextRequest, context: { params: Promise<RouteParams> }): Promise<Response> => {
    const requestId = randomUUID();
    const track = trackRequest(req, requestId);
    if (options.noDatabase) track.noDatabase = true;
    const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
    try {
      if (!options.skipApiKey) checkApiKey(req, env().DASHBOARD_API_KEY);
      // A declared oversize body is refused unread. The body itself is read only after the caller
      // is known and allowed (credentials, role, rate limit, CSRF): a stranger's upload costs
      // nothing but its headers, whatever its size or speed. Public routes read at most their limit.
      checkDeclaredLength(req, bodyLimit);
      let principal: Principal | null = null;
      if (!options.noDatabase) {
        let refused: unknown = null;
        try {
          principal = await getPrincipal(req);
        } catch (error) {
          // A bad token is counted against the address like any request without credentials.
          if (options.access !== "public") refused = error;
        }
        await enforceRateLimit({ req, principal, track });
        if (refused) throw refused;
      }
      if (options.access !== "public") {
        if (!principal) throw new AppError("unauthorized", "Authentication required");
        if (options.access === "admin" && !principal.user.isAdmin)
          throw new AppError("forbidden", "Administrator access required");
      }
      if (principal?.via === "cookie" && MUTATING.has(req.method)) checkOrigin(req);
      // A closed raffle's records are read-only (docs/decisions/130): refused before the body is read.
      if (MUTATING.has(req.method) && isRaffleWrite(req.method, new URL(req.url).pathname))
        await assertRaffleOpen(principal);
      const bodyText = options.body ? await readBodyText(req, bodyLimit) : undefined;

      const rawParams = (await context.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, cleanParam(Array.isArray(v) ? v.join("/") : v, k)]),
      );

      const invalid = async (error: z.ZodError) => {
        await options.beforeValidationError?.({ params });
        return validationError(error);
      };
      let body: unknown = undefined;
      if (options.body) {
        const parsed = options.body.safeParse(parseJsonBody(bodyText ?? ""));
        if (!parsed.success) throw await invalid(parsed.error);
        body = parsed.data;
      }
      let query: unknown = undefined;
      if (options.query) {
        const entries = [...req.nextUrl.searchParams].map(([k, v]) => [k, cleanParam(v, k)]);
        const parsed = options.query.safeParse(Object.fromEntries(entries));
        if (!parsed.success) throw await invalid(parsed.error);
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
      return finishRequest(
        track,
        withNoStore(result instanceof Response ? result : NextResponse.json(result)),
        context.params,
      );
    } catch (error) {
      return finishRequest(track, withNoStore(errorResponse(error, requestId)), context.params);
    } finally {
      // For the Analytics screen's median response time (server/http/request-timings.ts).
      recordRequestDuration(performance.now() - track.startedAt);
    }
  };
}

/** JSON with a status other than 200 (e.g. 201 Created). */
export function json(body: unknown, status: number) {
  return NextResponse.json(body, { status });
}
