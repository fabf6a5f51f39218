import "server-only";
import pino from "pino";
import type { RequestSettings } from "@/server/auth/sessions";
import { sql } from "@/server/db/client";

type RouteParams = Record<string, string | string[]>;

export type { RequestSettings };

/** What apiRoute learns about a request as it goes, for its one log line. */
export interface RequestTrack {
  requestId: string;
  method: string;
  pathname: string;
  startedAt: number;
  userId: string | null;
  /** Set from the caller's session or by the rate limiter; null when neither ran. */
  settings: RequestSettings | null;
  /** A route that must not touch the database (the liveness probe). */
  noDatabase?: boolean;
}

// The last settings any request of this process saw, for routes that must not ask the database.
const seen = globalThis as typeof globalThis & { __raffleLastRequestSettings?: RequestSettings };

let destination: pino.DestinationStream | null = null;
let logger: pino.Logger | null = null;

/** Where the lines go: stdout unless a test captures them. */
export function setApiLogDestination(stream: pino.DestinationStream | null) {
  destination = stream;
  logger = null;
}

function apiLogger(): pino.Logger {
  // Asynchronous writes to stdout: a request never waits for the terminal or a log shipper.
  logger ??= pino(
    { timestamp: pino.stdTimeFunctions.isoTime },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
  return logger;
}

export function trackRequest(req: { method: string; nextUrl: { pathname: string } }, requestId: string): RequestTrack {
  return {
    requestId,
    method: req.method,
    pathname: req.nextUrl.pathname,
    startedAt: performance.now(),
    userId: null,
    settings: null,
  };
}

/**
 * The route's pattern from the path and the params Next matched: `/api/tickets/00001` with
 * `{id: "00001"}` is `/api/tickets/[id]`. Logs group by it, and it never carries a value
 * (an email in `/api/auth/profile/{email}`).
 */
export function routePattern(pathname: string, params: RouteParams): string {
  const segments = pathname.split("/").map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const replaced = new Set<number>();
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      const start = segments.length - value.length;
      if (start > 0) segments.splice(start, value.length, `[...${name}]`);
      continue;
    }
    for (let i = segments.length - 1; i > 0; i -= 1) {
      if (!replaced.has(i) && segments[i] === value) {
        segments[i] = `[${name}]`;
        replaced.add(i);
        break;
      }
    }
  }
  return segments.join("/");
}

async function isLoggingEnabled(track: RequestTrack): Promise<boolean> {
  if (track.settings) {
    seen.__raffleLastRequestSettings = track.settings;
    return track.settings.enableApiLogging;
  }
  // The liveness probe answers without the database: it follows the last setting this process saw.
  if (track.noDatabase) return seen.__raffleLastRequestSettings?.enableApiLogging ?? true;
  // Answered before the rate limiter ran (a bad API key, a 413, the health probe): read it.
  try {
    const rows = await sql<{ on: boolean }>(`SELECT enable_api_logging AS on FROM settings WHERE id = 1`);
    return rows[0]?.on ?? true;
  } catch {
    return true; // the database is down: exactly when the line matters
  }
}

/**
 * The enable_api_logging setting: one JSON line per API request with time, request id, method,
 * route pattern, status, duration and user id. Never headers, tokens, cookies, query or body.
 */
export async function finishRequest(
  track: RequestTrack,
  response: Response,
  params: Promise<RouteParams> | undefined,
): Promise<Response> {
  try {
    if (await isLoggingEnabled(track)) {
      apiLogger().info(
        {
          requestId: track.requestId,
          method: track.method,
          route: routePattern(track.pathname, (await params) ?? {}),
          status: response.status,
          durationMs: Math.round((performance.now() - track.startedAt) * 10) / 10,
          userId: track.userId,
        },
        "api request",
      );
    }
  } catch {
    // A log line must never change the answer.
  }
  return response;
}
